import { DomainError } from '@cs/platform/errors';
import type { Identity } from '@cs/platform/tenancy';
import { isAdmin } from '../tickets/tickets.queries.js';
import type { QuickMessageRow } from './quick-messages.repository.js';

/** Its author edits a reply; admins also edit the shared ones. */
export function assertMayEdit(identity: Identity, reply: QuickMessageRow): void {
  if (reply.userId === identity.userId) return;
  if (reply.geral && isAdmin(identity)) return;
  throw new DomainError('ERR_NO_PERMISSION');
}
