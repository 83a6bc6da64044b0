import type { UserSnapshot } from '@cs/proto/events';
import type { UserResponse } from '@cs/proto/http';
import type { ConnectionEntity } from '../connections/connection.entity.js';
import type { QueueEntity } from '../queues/queue.entity.js';
import type { UserEntity } from './user.entity.js';

/** Presence older than this is "offline" even without a disconnect (a gateway that died; ADR 0005). */
export const PRESENCE_STALE_MS = 6 * 60 * 1_000;

export const isOnline = (user: UserEntity, now: Date = new Date()): boolean =>
  user.online && user.lastSeenAt !== null && now.getTime() - user.lastSeenAt.getTime() < PRESENCE_STALE_MS;

export const toUserSnapshot = (user: UserEntity): UserSnapshot => ({
  id: user.id,
  companyId: user.companyId,
  name: user.name,
  email: user.email,
  profile: user.profile,
  super: user.super,
  online: isOnline(user),
  allTicket: user.allTicket,
  whatsappId: user.whatsappId,
  queueIds: [...user.queueIds].sort((a, b) => a - b),
});

export type { UserResponse };

/** A user as the spec's clients read it; `queues` named from the projection (unknown ids are left out). */
export const toUserResponse = (
  user: UserEntity,
  queues: readonly QueueEntity[],
  connections: readonly ConnectionEntity[] = [],
): UserResponse => {
  const byId = new Map(queues.map((queue) => [queue.id, queue]));
  const connection = connections.find((candidate) => candidate.id === user.whatsappId);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile: user.profile,
    companyId: user.companyId,
    super: user.super,
    online: isOnline(user),
    allTicket: user.allTicket,
    whatsappId: user.whatsappId,
    whatsapp: connection ? { id: connection.id, name: connection.name } : null,
    queues: user.queueIds
      .map((id) => byId.get(id))
      .filter((queue): queue is QueueEntity => queue !== undefined)
      .map((queue) => ({
        id: queue.id,
        name: queue.name,
        color: queue.color,
        UserQueue: { userId: user.id, queueId: queue.id },
      })),
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
};

/** A user as the audit log compares it (the password hash is masked there: it only shows that it changed). */
export const auditedUser = (user: UserEntity): Record<string, unknown> => ({
  name: user.name,
  email: user.email,
  profile: user.profile,
  super: user.super,
  allTicket: user.allTicket,
  whatsappId: user.whatsappId,
  queueIds: [...user.queueIds].sort((a, b) => a - b),
  password: user.passwordHash,
});
