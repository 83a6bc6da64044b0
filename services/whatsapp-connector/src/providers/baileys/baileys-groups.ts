import type { GroupMetadata } from 'baileys';
import type { Logger } from 'pino';
import { BoundedMap } from './bounded-map.js';
import type { SocketView } from './baileys-handlers.js';

/**
 * A session's group metadata: filled from `groups.upsert`/`groups.update` and from `groupMetadata` on first use,
 * read by the socket (`cachedGroupMetadata`) and by inbound events (the group's name).
 */
export class GroupCache {
  private readonly groups = new BoundedMap<GroupMetadata>(500);

  constructor(
    private readonly socket: SocketView,
    private readonly logger: Logger,
  ) {}

  get(jid: string): GroupMetadata | undefined {
    return this.groups.get(jid);
  }

  /** Merges a partial update into what is known (a group seen for the first time needs its subject). */
  merge(group: Partial<GroupMetadata> & { id: string }): void {
    const cached = this.groups.get(group.id);
    if (cached || group.subject !== undefined) {
      this.groups.set(group.id, { ...(cached ?? {}), ...group } as GroupMetadata);
    }
  }

  /** The group's subject, asked from WhatsApp when not cached; null when it cannot be had. */
  async nameOf(jid: string): Promise<string | null> {
    const cached = this.groups.get(jid);
    if (cached) return cached.subject ?? null;
    try {
      const metadata = await this.socket.current()?.groupMetadata(jid);
      if (!metadata) return null;
      this.groups.set(jid, metadata);
      return metadata.subject ?? null;
    } catch (error) {
      this.logger.warn({ err: error }, 'group metadata unavailable');
      return null;
    }
  }
}
