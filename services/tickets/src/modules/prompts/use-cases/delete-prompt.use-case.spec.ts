import { PromptDeleted, QueueUpdated } from '@cs/proto/events';
import {
  COMPANY,
  inlineTransactions,
  queueRow,
  queuesInMemory,
  recordingAudit,
  recordingPublisher,
} from '../../../../test/factories/rows.js';
import type { PromptRow, PromptsRepository } from '../prompts.repository.js';
import { DeletePromptUseCase } from './delete-prompt.use-case.js';

const SELLER = 7;

/** The company's prompt 7 answering the Sales and Billing queues (Support has none); what was deleted and announced. */
function deleting() {
  const { events, publisher } = recordingPublisher();
  const { actions, audit } = recordingAudit();
  const { queues, repository: queuesRepository } = queuesInMemory([
    queueRow({ id: 1, name: 'Vendas', promptId: SELLER }),
    queueRow({ id: 2, name: 'Suporte' }),
    queueRow({ id: 3, name: 'Financeiro', promptId: SELLER, integrationId: 4 }),
  ]);
  const deleted: number[] = [];
  const prompts: Partial<PromptsRepository> = {
    find: async (_companyId, id) => (id === SELLER ? ({ id, name: 'Vendedor' } as PromptRow) : null),
    delete: async (_companyId, id) => {
      deleted.push(id);
    },
  };
  const useCase = new DeletePromptUseCase(
    inlineTransactions,
    prompts as PromptsRepository,
    queuesRepository,
    publisher,
    audit,
  );
  return { events, actions, queues, deleted, remove: (id: number) => useCase.execute(COMPANY, id) };
}

describe(DeletePromptUseCase.name, () => {
  it('unbinds the queues it answered, announces each of them, then the deletion', async () => {
    const { events, actions, queues, deleted, remove } = deleting();
    await remove(SELLER);

    expect(deleted).toEqual([SELLER]);
    expect(queues.map(({ id, promptId, integrationId }) => ({ id, promptId, integrationId }))).toEqual([
      { id: 1, promptId: null, integrationId: null },
      { id: 2, promptId: null, integrationId: null },
      { id: 3, promptId: null, integrationId: 4 },
    ]);
    expect(events).toEqual([
      { type: QueueUpdated.type, data: expect.objectContaining({ id: 1, name: 'Vendas', promptId: null }) },
      { type: QueueUpdated.type, data: expect.objectContaining({ id: 3, promptId: null, integrationId: 4 }) },
      { type: PromptDeleted.type, data: { id: SELLER } },
    ]);
    expect(actions).toEqual(['prompt.deleted']);
  });

  it('refuses a prompt the company does not have, changing nothing', async () => {
    const { events, actions, queues, deleted, remove } = deleting();
    await expect(remove(8)).rejects.toMatchObject({ code: 'ERR_NO_PROMPT_FOUND' });

    expect(deleted).toEqual([]);
    expect(queues.filter((queue) => queue.promptId === SELLER).map((queue) => queue.id)).toEqual([1, 3]);
    expect(events).toEqual([]);
    expect(actions).toEqual([]);
  });
});
