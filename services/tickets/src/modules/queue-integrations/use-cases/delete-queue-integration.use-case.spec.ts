import { QueueIntegrationDeleted, QueueUpdated } from '@cs/proto/events';
import {
  COMPANY,
  inlineTransactions,
  queueRow,
  queuesInMemory,
  recordingAudit,
  recordingPublisher,
} from '../../../../test/factories/rows.js';
import type { QueueIntegrationRow, QueueIntegrationsRepository } from '../queue-integrations.repository.js';
import { DeleteQueueIntegrationUseCase } from './delete-queue-integration.use-case.js';

const TYPEBOT = 4;

/** The company's Typebot 4 bound to the Support queue (Sales has a prompt only); what was deleted and announced. */
function deleting() {
  const { events, publisher } = recordingPublisher();
  const { actions, audit } = recordingAudit();
  const { queues, repository: queuesRepository } = queuesInMemory([
    queueRow({ id: 1, name: 'Vendas', promptId: 7 }),
    queueRow({ id: 2, name: 'Suporte', integrationId: TYPEBOT, promptId: 7 }),
  ]);
  const deleted: number[] = [];
  const integrations: Partial<QueueIntegrationsRepository> = {
    find: async (_companyId, id) => (id === TYPEBOT ? ({ id, name: 'Typebot da loja' } as QueueIntegrationRow) : null),
    delete: async (_companyId, id) => {
      deleted.push(id);
    },
  };
  const useCase = new DeleteQueueIntegrationUseCase(
    inlineTransactions,
    integrations as QueueIntegrationsRepository,
    queuesRepository,
    publisher,
    audit,
  );
  return { events, actions, queues, deleted, remove: (id: number) => useCase.execute(COMPANY, id) };
}

describe(DeleteQueueIntegrationUseCase.name, () => {
  it('unbinds the queues it ran in, keeping their prompt, announces each, then the deletion', async () => {
    const { events, actions, queues, deleted, remove } = deleting();
    await remove(TYPEBOT);

    expect(deleted).toEqual([TYPEBOT]);
    expect(queues.map(({ id, promptId, integrationId }) => ({ id, promptId, integrationId }))).toEqual([
      { id: 1, promptId: 7, integrationId: null },
      { id: 2, promptId: 7, integrationId: null },
    ]);
    expect(events).toEqual([
      { type: QueueUpdated.type, data: expect.objectContaining({ id: 2, name: 'Suporte', integrationId: null }) },
      { type: QueueIntegrationDeleted.type, data: { id: TYPEBOT } },
    ]);
    expect(actions).toEqual(['queue-integration.deleted']);
  });

  it('refuses an integration the company does not have, changing nothing', async () => {
    const { events, actions, queues, deleted, remove } = deleting();
    await expect(remove(5)).rejects.toMatchObject({ code: 'ERR_NO_INTEGRATION_FOUND' });

    expect(deleted).toEqual([]);
    expect(queues[1]?.integrationId).toBe(TYPEBOT);
    expect(events).toEqual([]);
    expect(actions).toEqual([]);
  });
});
