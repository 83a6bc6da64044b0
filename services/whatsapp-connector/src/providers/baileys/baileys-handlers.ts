import type { BaileysEventMap } from 'baileys';
import type { conversationOf } from './baileys.mapper.js';
import type { WaSocketLike } from './baileys.port.js';

/** One handler per Baileys event a part of the session handles; a batch runs them in the object's key order. */
export type EventHandlers = {
  readonly [E in keyof BaileysEventMap]?: (data: BaileysEventMap[E]) => Promise<void>;
};

/** What the traffic handlers see of the lifecycle's socket (the current one, replaced on every reconnect). */
export interface SocketView {
  current(): WaSocketLike | null;
  isOpen(): boolean;
}

export type Conversation = NonNullable<ReturnType<typeof conversationOf>>;
