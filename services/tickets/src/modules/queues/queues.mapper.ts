import { type QueueRow, toQueueSnapshot } from './queues.repository.js';

/** A queue as `/queue` answers it: the snapshot plus its media and the auto-assignment flag. */
export type QueueView = ReturnType<typeof toQueueSnapshot> & {
  mediaPath: string | null;
  mediaName: string | null;
  autoAssign: boolean;
};

export const toQueueView = (queue: QueueRow): QueueView => ({
  ...toQueueSnapshot(queue),
  mediaPath: queue.mediaPath,
  mediaName: queue.mediaName,
  autoAssign: queue.autoAssign,
});
