import type { EventOf } from '@cs/proto/common';
import type {
  PromptCreated,
  PromptDeleted,
  PromptUpdated,
  QueueIntegrationCreated,
  QueueIntegrationDeleted,
  QueueIntegrationUpdated,
} from '@cs/proto/events';
import { channel, room } from '@cs/proto/realtime';
import type { Emission } from '../emission.js';

/** AI prompts on the unprefixed `prompt` channel, to the company's sockets only (upstream emitted to everyone). */
export function projectPrompt(
  event: EventOf<typeof PromptCreated> | EventOf<typeof PromptUpdated> | EventOf<typeof PromptDeleted>,
): Emission[] {
  const rooms = [room.mainChannel(event.companyId)];
  const name = channel.prompt();
  switch (event.type) {
    case 'tickets.prompt.created':
      return [{ event: name, payload: { action: 'create', prompt: event.data }, rooms }];
    case 'tickets.prompt.updated':
      return [{ event: name, payload: { action: 'update', prompt: event.data }, rooms }];
    case 'tickets.prompt.deleted':
      return [{ event: name, payload: { action: 'delete', promptId: event.data.id }, rooms }];
  }
}

export function projectQueueIntegration(
  event:
    | EventOf<typeof QueueIntegrationCreated>
    | EventOf<typeof QueueIntegrationUpdated>
    | EventOf<typeof QueueIntegrationDeleted>,
): Emission[] {
  const rooms = [room.mainChannel(event.companyId)];
  const name = channel.queueIntegration(event.companyId);
  switch (event.type) {
    case 'tickets.queue-integration.created':
      return [{ event: name, payload: { action: 'create', queueIntegration: event.data }, rooms }];
    case 'tickets.queue-integration.updated':
      return [{ event: name, payload: { action: 'update', queueIntegration: event.data }, rooms }];
    case 'tickets.queue-integration.deleted':
      return [{ event: name, payload: { action: 'delete', integrationId: event.data.id }, rooms }];
  }
}
