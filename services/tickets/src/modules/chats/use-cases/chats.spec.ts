import { ChatCreated, ChatDeleted, ChatMessageCreated, type ChatSnapshot, ChatUpdated } from '@cs/proto/events';
import { COMPANY, identityOf, inlineTransactions, recordingPublisher } from '../../../../test/factories/rows.js';
import type { ChatRow, ChatsRepository } from '../chats.repository.js';
import { CreateChatUseCase } from './create-chat.use-case.js';
import { DeleteChatUseCase } from './delete-chat.use-case.js';
import { ReadChatUseCase } from './read-chat.use-case.js';
import { SendChatMessageUseCase } from './send-chat-message.use-case.js';
import { UpdateChatUseCase } from './update-chat.use-case.js';

const ANA = 3;
const BRUNO = 4;
const CARLA = 5;
const NAMES: Record<number, string> = { [ANA]: 'Ana', [BRUNO]: 'Bruno', [CARLA]: 'Carla' };

/**
 * The company's internal chats in memory behind the chat use-cases' repository: chats, their members' unread counts
 * and messages; Ana, Bruno and Carla are the company's users. Records what went to the outbox.
 */
function internalChat() {
  const chats = new Map<number, ChatRow>();
  const members = new Map<number, Map<number, number>>();
  const messages: Array<{ chatId: number; senderId: number; message: string }> = [];
  const { events, publisher } = recordingPublisher();
  const chatOf = (id: number): ChatRow => {
    const chat = chats.get(id);
    if (!chat) throw new Error(`chat ${id} not found`);
    return chat;
  };
  const repository: Partial<ChatsRepository> = {
    findForMember: async (_companyId, userId, id) => {
      const chat = chats.get(Number(id));
      return chat && members.get(chat.id)?.has(userId) ? chat : null;
    },
    existingUsers: async (_companyId, userIds) => userIds.filter((id) => id in NAMES),
    insert: async (companyId, ownerId, title) => {
      const id = chats.size + 1;
      const now = new Date(0);
      const chat = { id, uuid: `00000000-0000-4000-8000-00000000000${id}`, companyId, title, ownerId, lastMessage: '' };
      chats.set(id, { ...chat, createdAt: now, updatedAt: now });
      return chatOf(id);
    },
    setTitle: async (_companyId, id, title) => void chats.set(id, { ...chatOf(id), title }),
    memberIds: async (_companyId, chatId) => [...(members.get(chatId)?.keys() ?? [])],
    setMembers: async (_companyId, chatId, userIds) => {
      const before = members.get(chatId) ?? new Map<number, number>();
      members.set(chatId, new Map(userIds.map((userId) => [userId, before.get(userId) ?? 0])));
    },
    delete: async (_companyId, id) => {
      chats.delete(id);
      members.delete(id);
    },
    addMessage: async (_companyId, chatId, senderId, message) => {
      messages.push({ chatId, senderId, message });
      chats.set(chatId, { ...chatOf(chatId), lastMessage: message });
      const unreads = members.get(chatId) ?? new Map<number, number>();
      for (const [userId, count] of unreads) if (userId !== senderId) unreads.set(userId, count + 1);
      return {
        id: messages.length,
        chatId,
        senderId,
        sender: { id: senderId, name: NAMES[senderId] ?? '' },
        message,
        createdAt: new Date(0).toISOString(),
      };
    },
    markRead: async (_companyId, chatId, userId) => {
      const unreads = members.get(chatId);
      if (!unreads?.get(userId)) return false;
      unreads.set(userId, 0);
      return true;
    },
    snapshot: async (_companyId, id): Promise<ChatSnapshot> => {
      const { createdAt, updatedAt, ...chat } = chatOf(id);
      return {
        ...chat,
        createdAt: createdAt.toISOString(),
        updatedAt: updatedAt.toISOString(),
        users: [...(members.get(id) ?? new Map<number, number>())].map(([userId, unreads]) => ({
          userId,
          unreads,
          user: { id: userId, name: NAMES[userId] ?? '' },
        })),
      };
    },
  };
  const ports = [inlineTransactions, repository as ChatsRepository, publisher] as const;
  const create = new CreateChatUseCase(...ports);
  const update = new UpdateChatUseCase(...ports);
  const remove = new DeleteChatUseCase(...ports);
  const send = new SendChatMessageUseCase(...ports);
  const read = new ReadChatUseCase(...ports);
  return {
    chats,
    messages,
    events,
    /** The types of the events written, in order. */
    written: () => events.map((event) => event.type),
    create: (userId: number, title: string, users: number[]) =>
      create.execute(COMPANY, identityOf(userId), { title, users }),
    update: (userId: number, id: number, body: { title?: string; users?: number[] }) =>
      update.execute(COMPANY, identityOf(userId), id, body),
    remove: (userId: number, id: number) => remove.execute(COMPANY, identityOf(userId), id),
    send: (userId: number, id: number, message: string) => send.execute(COMPANY, identityOf(userId), id, { message }),
    read: (userId: number, id: number) => read.execute(COMPANY, identityOf(userId), id),
  };
}

describe('internal chats', () => {
  it('makes the creator the owner and always a member, and announces the chat', async () => {
    const { written, create } = internalChat();
    const chat = await create(ANA, 'Plantão', [BRUNO, BRUNO]);

    expect(chat).toMatchObject({ title: 'Plantão', ownerId: ANA });
    expect(chat.users.map((member) => member.userId)).toEqual([ANA, BRUNO]);
    expect(written()).toEqual([ChatCreated.type]);
  });

  it('refuses members who are not the company’s users, naming them, and creates nothing', async () => {
    const { chats, written, create } = internalChat();
    await expect(create(ANA, 'Plantão', [BRUNO, 99])).rejects.toMatchObject({
      code: 'ERR_NO_USER_FOUND',
      details: { userIds: [99] },
    });
    expect(chats.size).toBe(0);
    expect(written()).toEqual([]);
  });

  it('stores a member’s message as the caller’s, and announces a read only when it changed something', async () => {
    const { messages, events, written, create, send, read } = internalChat();
    const { id } = await create(ANA, 'Plantão', [BRUNO, CARLA]);
    await send(BRUNO, id, 'Alguém cobre o sábado?');

    expect(messages).toEqual([{ chatId: id, senderId: BRUNO, message: 'Alguém cobre o sábado?' }]);
    expect(events.at(-1)?.data).toMatchObject({
      chat: { id, lastMessage: 'Alguém cobre o sábado?' },
      message: { senderId: BRUNO, sender: { name: 'Bruno' } },
    });

    await read(CARLA, id);
    await read(CARLA, id);
    expect(written()).toEqual([ChatCreated.type, ChatMessageCreated.type, ChatUpdated.type]);
  });

  it('hides a chat from everyone who is not a member: reading, writing, editing or deleting it is 404', async () => {
    const { messages, create, send, read, update, remove } = internalChat();
    const { id } = await create(ANA, 'Gerência', [BRUNO]);

    await expect(send(CARLA, id, 'oi')).rejects.toMatchObject({ code: 'ERR_NO_CHAT_FOUND' });
    await expect(read(CARLA, id)).rejects.toMatchObject({ code: 'ERR_NO_CHAT_FOUND' });
    await expect(update(CARLA, id, { title: 'Minha' })).rejects.toMatchObject({ code: 'ERR_NO_CHAT_FOUND' });
    await expect(remove(CARLA, id)).rejects.toMatchObject({ code: 'ERR_NO_CHAT_FOUND' });
    expect(messages).toEqual([]);
  });

  it('lets only the owner rename, change the members of or delete a chat', async () => {
    const { chats, create, update, remove } = internalChat();
    const { id } = await create(ANA, 'Plantão', [BRUNO]);

    await expect(update(BRUNO, id, { title: 'Meu plantão' })).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    await expect(remove(BRUNO, id)).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    expect(chats.get(id)?.title).toBe('Plantão');
  });

  it('tells removed members the chat is gone for them, and the others the chat as it is now', async () => {
    const { events, written, create, update } = internalChat();
    const { id } = await create(ANA, 'Plantão', [BRUNO, CARLA]);
    const updated = await update(ANA, id, { title: 'Plantão de sábado', users: [CARLA] });

    expect(updated.title).toBe('Plantão de sábado');
    expect(updated.users.map((member) => member.userId)).toEqual([ANA, CARLA]);
    expect(written()).toEqual([ChatCreated.type, ChatDeleted.type, ChatUpdated.type]);
    expect(events[1]?.data).toMatchObject({ id, userIds: [BRUNO] });
  });

  it('deletes the chat for every member, telling each of them', async () => {
    const { chats, events, create, remove } = internalChat();
    const { id } = await create(ANA, 'Plantão', [BRUNO, CARLA]);
    await remove(ANA, id);

    expect(chats.has(id)).toBe(false);
    expect(events.at(-1)).toEqual({
      type: ChatDeleted.type,
      data: expect.objectContaining({ id, userIds: [ANA, BRUNO, CARLA] }),
    });
  });
});
