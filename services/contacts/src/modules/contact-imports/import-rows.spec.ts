import { detectHeader, IMPORT_REASONS, parseRow, RowClassifier } from './import-rows.js';

describe(detectHeader.name, () => {
  it('recognises Portuguese and English column names, accents and case aside', () => {
    expect(detectHeader(['Nome', 'Número', 'E-mail'])).toEqual({ name: 0, number: 1, email: 2 });
    expect(detectHeader(['EMAIL', 'numero', 'nome'])).toEqual({ name: 2, number: 1, email: 0 });
    expect(detectHeader(['Name', 'Phone', 'Email'])).toEqual({ name: 0, number: 1, email: 2 });
    expect(detectHeader(['Telefone'])).toEqual({ name: null, number: 0, email: null });
  });

  it('does not take a data row for a header', () => {
    expect(detectHeader(['Maria', '5521998765432', 'maria@exemplo.com'])).toBeNull();
  });
});

describe(parseRow.name, () => {
  const columns = { name: 0, number: 1, email: 2 };

  it('normalises the number and keeps the name and e-mail', () => {
    expect(parseRow({ row: 3, cells: ['Zé Araújo', '(21) 99876-5432', 'ZE@Exemplo.com'] }, columns)).toEqual({
      kind: 'valid',
      row: 3,
      name: 'Zé Araújo',
      number: '5521998765432',
      email: 'ze@exemplo.com',
      nameGiven: true,
    });
  });

  it('names a contact without a name after its number', () => {
    expect(parseRow({ row: 4, cells: ['', '552198765432'] }, columns)).toMatchObject({
      kind: 'valid',
      name: '5521998765432',
      nameGiven: false,
    });
  });

  it('reports what is wrong with a row', () => {
    expect(parseRow({ row: 5, cells: ['Ana', ''] }, columns)).toEqual({
      kind: 'invalid',
      row: 5,
      reason: IMPORT_REASONS.missingNumber,
    });
    expect(parseRow({ row: 6, cells: ['Ana', '123'] }, columns)).toMatchObject({
      reason: IMPORT_REASONS.invalidNumber,
    });
    expect(parseRow({ row: 7, cells: ['Ana', '21998765432', 'ana@'] }, columns)).toMatchObject({
      reason: IMPORT_REASONS.invalidEmail,
    });
    expect(parseRow({ row: 8, cells: ['A'.repeat(51), '21998765432'] }, columns)).toMatchObject({
      reason: IMPORT_REASONS.nameTooLong,
    });
    expect(parseRow({ row: 9, cells: ['', '  '] }, columns)).toEqual({ kind: 'blank', row: 9 });
  });
});

describe(RowClassifier.name, () => {
  it('skips title rows above the header', () => {
    const classifier = new RowClassifier();
    const out = [
      ...classifier.push({ row: 1, cells: ['Clientes de novembro'] }),
      ...classifier.push({ row: 2, cells: ['E-mail', 'Celular', 'Nome'] }),
      ...classifier.push({ row: 3, cells: ['a@b.com', '21998765432', 'Ana'] }),
      ...classifier.finish(),
    ];
    expect(out).toEqual([
      { kind: 'valid', row: 3, name: 'Ana', number: '5521998765432', email: 'a@b.com', nameGiven: true },
    ]);
  });

  it('reads name, number, email by position when there is no header', () => {
    const classifier = new RowClassifier();
    const out = [...classifier.push({ row: 1, cells: ['Ana', '21998765432'] }), ...classifier.finish()];
    expect(out).toMatchObject([{ kind: 'valid', row: 1, name: 'Ana', number: '5521998765432' }]);
  });
});
