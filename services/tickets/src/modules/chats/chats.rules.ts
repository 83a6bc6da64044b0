import type { CompanyId } from '@cs/proto/common';
import { DomainError } from '@cs/platform/errors';
import type { Identity } from '@cs/platform/tenancy';
import type { ChatRow, ChatsRepository } from './chats.repository.js';

/** A chat the caller is a member of; any other (another company's, or not theirs) answers 404. */
export async function memberChat(
  chats: ChatsRepository,
  companyId: CompanyId,
  identity: Identity,
  id: string | number,
): Promise<ChatRow> {
  const chat = await chats.findForMember(companyId, identity.userId, id);
  if (!chat) throw new DomainError('ERR_NO_CHAT_FOUND');
  return chat;
}

/** Only a chat's owner edits or deletes it (the spec shows the buttons to the owner only). */
export function assertOwner(identity: Identity, chat: ChatRow): void {
  if (chat.ownerId !== identity.userId) throw new DomainError('ERR_NO_PERMISSION');
}

/** The members a request asks for, plus the owner: all must be users of the company. */
export async function resolveMembers(
  chats: ChatsRepository,
  companyId: CompanyId,
  ownerId: number,
  requested: readonly number[],
): Promise<number[]> {
  const wanted = [...new Set([ownerId, ...requested])];
  const existing = new Set(await chats.existingUsers(companyId, wanted));
  const missing = wanted.filter((id) => !existing.has(id));
  if (missing.length > 0) throw new DomainError('ERR_NO_USER_FOUND', { details: { userIds: missing } });
  return wanted.sort((a, b) => a - b);
}
