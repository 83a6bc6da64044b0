import type { QueueView } from '@cs/proto/http';
import { type QueueRow, toQueueSnapshot } from './queues.repository.js';

export type { QueueView };

export const toQueueView = (queue: QueueRow): QueueView => toQueueSnapshot(queue);
