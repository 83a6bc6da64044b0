import type { BaileysEventMap, Contact, GroupMetadata } from 'baileys';
import type { ContactUpdate, SessionContext, SessionSink } from '../provider.port.js';
import type { BaileysDataStore } from './baileys-data.store.js';
import type { GroupCache } from './baileys-groups.js';
import type { EventHandlers, SocketView } from './baileys-handlers.js';
import { isGroupJid, isIgnoredJid, partyOf } from './baileys.mapper.js';

/**
 * The address book: contacts, chats, groups and LID mappings as WhatsApp syncs them, merged into
 * `baileys_contacts` (for the phone import) and reported to the core when a name or picture changes.
 */
export class BaileysContacts {
  constructor(
    private readonly context: Pick<SessionContext, 'connection' | 'logger'>,
    private readonly sink: SessionSink,
    private readonly data: Pick<BaileysDataStore, 'mergeContact'>,
    private readonly groups: GroupCache,
    private readonly socket: SocketView,
    private readonly profilePicture: (jid: string) => Promise<string | null>,
  ) {}

  handlers(): EventHandlers {
    return {
      'groups.upsert': (groups) => this.onGroups(groups),
      'groups.update': (groups) => this.onGroups(groups),
      'contacts.upsert': (contacts) => this.onContacts(contacts),
      'contacts.update': (contacts) => this.onContacts(contacts),
      'chats.upsert': (chats) => this.onChats(chats),
      'chats.update': (chats) => this.onChats(chats),
      'lid-mapping.update': (mapping) => this.onLidMapping(mapping),
    };
  }

  private get allowGroups(): boolean {
    return this.context.connection.allowGroups;
  }

  private async report(update: ContactUpdate | null): Promise<void> {
    if (update) await this.sink.contact(update);
  }

  private async onContacts(contacts: Partial<Contact>[]): Promise<void> {
    for (const contact of contacts) {
      if (!contact.id || isIgnoredJid(contact.id)) continue;
      const isGroup = isGroupJid(contact.id);
      if (isGroup && !this.allowGroups) continue;
      const party = partyOf(contact.id, contact.phoneNumber ?? contact.lid ?? null, contact.notify);
      const picture =
        contact.imgUrl === 'changed'
          ? await this.freshPicture(contact.id)
          : contact.imgUrl === undefined
            ? undefined
            : (contact.imgUrl ?? null);
      await this.report(
        await this.data.mergeContact({
          jid: party.jid,
          number: party.number,
          lid: party.lid,
          isGroup,
          ...(contact.name !== undefined || contact.verifiedName !== undefined
            ? { name: contact.name ?? contact.verifiedName ?? null }
            : {}),
          ...(contact.notify !== undefined ? { notify: contact.notify ?? null } : {}),
          ...(picture !== undefined ? { profilePicUrl: picture } : {}),
        }),
      );
    }
  }

  /** WhatsApp only says a picture changed: ask for the new one (undefined, i.e. unknown, when it cannot be read). */
  private async freshPicture(jid: string): Promise<string | null | undefined> {
    if (!this.socket.isOpen()) return undefined;
    try {
      return await this.profilePicture(jid);
    } catch (error) {
      this.context.logger.warn({ err: error }, 'profile picture unavailable');
      return undefined;
    }
  }

  private async onChats(chats: { id?: string | null; name?: string | null }[]): Promise<void> {
    for (const chat of chats) {
      if (!chat.id || !chat.name || isIgnoredJid(chat.id)) continue;
      const isGroup = isGroupJid(chat.id);
      if (isGroup && !this.allowGroups) continue;
      const party = partyOf(chat.id, null, null);
      await this.report(
        await this.data.mergeContact({
          jid: party.jid,
          number: party.number,
          lid: party.lid,
          isGroup,
          name: chat.name,
        }),
      );
    }
  }

  private async onGroups(groups: Partial<GroupMetadata>[]): Promise<void> {
    for (const group of groups) {
      if (!group.id || !this.allowGroups) continue;
      this.groups.merge({ ...group, id: group.id });
      if (group.subject === undefined) continue;
      await this.report(
        await this.data.mergeContact({ jid: group.id, number: null, lid: null, isGroup: true, name: group.subject }),
      );
    }
  }

  private async onLidMapping(mapping: BaileysEventMap['lid-mapping.update']): Promise<void> {
    const party = partyOf(mapping.pn, mapping.lid, null);
    if (!party.number || !party.lid) return;
    await this.report(
      await this.data.mergeContact({ jid: party.jid, number: party.number, lid: party.lid, isGroup: false }),
    );
  }
}
