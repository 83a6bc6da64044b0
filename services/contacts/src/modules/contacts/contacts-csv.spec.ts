import { CSV_BOM, csvCell, csvLine } from './contacts-csv.js';

describe(csvCell.name, () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('+5521998765432')).toBe("'+5521998765432");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
  });

  it('keeps ordinary text, accents included, and quotes separators and line breaks', () => {
    expect(csvCell('João Araújo')).toBe('João Araújo');
    expect(csvCell('Silva; Filhos')).toBe('"Silva; Filhos"');
    expect(csvCell('linha\nnova')).toBe('"linha\nnova"');
    expect(csvCell('')).toBe('');
  });
});

describe(csvLine.name, () => {
  it('joins cells with semicolons and ends with CRLF', () => {
    expect(csvLine(['Zé', '5521998765432', 'ze@exemplo.com.br'])).toBe('Zé;5521998765432;ze@exemplo.com.br\r\n');
    expect(CSV_BOM).toBe('\uFEFF');
  });
});
