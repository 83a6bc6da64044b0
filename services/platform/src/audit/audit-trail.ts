import type { AuditAction } from '@cs/proto/events';
import { AuditEntryRecorded } from '@cs/proto/events';
import type { EventPublisher } from '../events/event-publisher.js';
import { currentCaller } from '../logging/request-context.js';
import { auditChanges } from './audit-changes.js';

export interface AuditRecordInput {
  readonly action: AuditAction;
  /** What was changed: its kind (`user`, `setting`, ...), id and, when it has one, a readable name. */
  readonly target: { readonly type: string; readonly id: string | number; readonly label?: string | null };
  /** The company the change belongs to: the caller's own unless named (a super user changing another company). */
  readonly companyId?: number;
  /** The record before the change (null or absent: it was created). */
  readonly before?: object | null;
  /** The record after the change (null or absent: it was deleted). */
  readonly after?: object | null;
  /** Fields that hold secrets although their names do not say so (masked, see `isSecretField`). */
  readonly secrets?: readonly string[];
}

/**
 * The audit trail of a service: `record()` writes an `audit.entry.recorded` event to the service's outbox in the
 * current transaction, so a change exists in the log if and only if it was committed. Identity stores the entries.
 *
 * Who, from where and when come from the request: the caller the gateway vouched for (`IdentityGuard`) and the
 * client address it established. The log holds the changes admins and super users make: a call by a profile user,
 * or outside an HTTP request of a signed-in user (seeds, event handlers, jobs), records nothing; an update that
 * changed no field records nothing either.
 */
export class AuditTrail {
  constructor(private readonly events: EventPublisher) {}

  async record(input: AuditRecordInput): Promise<void> {
    const caller = currentCaller();
    if (!caller || (caller.profile !== 'admin' && !caller.isSuper)) return;
    const before = input.before ?? null;
    const after = input.after ?? null;
    const changes = auditChanges(before, after, { secrets: input.secrets ?? [] });
    if (before && after && changes.length === 0) return;
    const companyId = input.companyId ?? caller.companyId;
    const label = input.target.label?.slice(0, 200);
    await this.events.emit(AuditEntryRecorded, {
      companyId,
      key: companyId,
      data: {
        action: input.action,
        actor: {
          userId: caller.userId,
          companyId: caller.companyId,
          profile: caller.profile,
          super: caller.isSuper,
        },
        ip: caller.clientIp,
        target: { type: input.target.type, id: String(input.target.id), ...(label ? { label } : {}) },
        changes,
      },
    });
  }
}
