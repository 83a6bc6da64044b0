import { inMemoryManager, recorders } from '../../../../test/support/in-memory-manager.js';
import { HelpEntity } from '../help.entity.js';
import { SaveHelpUseCase } from './save-help.use-case.js';

/** One stored help video (id 1); what was audited. */
function helps() {
  const rows: Array<Record<string, unknown>> = [
    { id: 1, title: 'Primeiros passos', description: 'Como começar', video: 'abc123', link: null },
  ];
  const { transactions } = inMemoryManager(new Map([[HelpEntity, rows]]));
  const { actions, audit } = recorders();
  return { rows, actions, useCase: new SaveHelpUseCase(transactions, audit) };
}

describe(SaveHelpUseCase.name, () => {
  it('creates a video without a link as one with none, audited', async () => {
    const { rows, actions, useCase } = helps();
    const help = await useCase.create({ title: 'Filas', description: 'Filas e setores', video: 'def456' });
    expect(rows).toContainEqual(expect.objectContaining({ id: help.id, title: 'Filas', link: null }));
    expect(actions).toEqual([
      { action: 'help.created', before: undefined, after: expect.objectContaining({ title: 'Filas', link: null }) },
    ]);
  });

  it('changes only the fields sent, audited before and after', async () => {
    const { rows, actions, useCase } = helps();
    await useCase.update(1, { title: 'Começando', description: undefined });
    expect(rows[0]).toMatchObject({ title: 'Começando', description: 'Como começar', video: 'abc123' });
    expect(actions).toEqual([
      {
        action: 'help.updated',
        before: expect.objectContaining({ title: 'Primeiros passos' }),
        after: expect.objectContaining({ title: 'Começando', description: 'Como começar' }),
      },
    ]);
  });

  it('deletes a video, audited with what it was', async () => {
    const { rows, actions, useCase } = helps();
    await useCase.remove(1);
    expect(rows).toEqual([]);
    expect(actions).toEqual([
      { action: 'help.deleted', before: expect.objectContaining({ title: 'Primeiros passos' }), after: undefined },
    ]);
  });

  it('answers an unknown video as not found, changing and auditing nothing', async () => {
    const { rows, actions, useCase } = helps();
    await expect(useCase.update(2, { title: 'x' })).rejects.toMatchObject({ code: 'ERR_NO_HELP_FOUND' });
    await expect(useCase.remove(2)).rejects.toMatchObject({ code: 'ERR_NO_HELP_FOUND' });
    expect(rows).toHaveLength(1);
    expect(actions).toEqual([]);
  });
});
