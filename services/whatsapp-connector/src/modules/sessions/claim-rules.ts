import type { ConnectionStatus } from '@cs/proto/events';

/**
 * The rules of session ownership across processes, without infrastructure: every live process reads the same
 * snapshot (the live processes with their lease counts, the wanted sessions nobody holds) and applies these rules
 * to it, so they agree on who claims what and who hands what over without talking to each other.
 */

/** A live connector process: its sessions (live leases) and its capacity (`CONNECTOR_MAX_SESSIONS`). */
export interface Member {
  readonly id: string;
  readonly sessions: number;
  readonly capacity: number;
}

/** The most sessions one process should run: everything wanted shared over the live processes, rounded up. */
export function fairShare(wanted: number, members: number): number {
  return members > 0 ? Math.ceil(wanted / members) : wanted;
}

/**
 * How many of `orphans` (wanted sessions without a live lease) each live process claims: each goes to the
 * least-loaded process with room under its capacity (ties: the smallest process id), as if handed out one at a
 * time. Every process below the fair share claims its part at once, in parallel with the others.
 */
export function planClaims(members: readonly Member[], orphans: number): Map<string, number> {
  const sorted = [...members].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const plan = new Map(sorted.map((member) => [member.id, 0]));
  for (let handed = 0; handed < orphans; handed += 1) {
    let best: Member | undefined;
    let bestLoad = Number.POSITIVE_INFINITY;
    for (const member of sorted) {
      const load = member.sessions + (plan.get(member.id) ?? 0);
      if (load < member.capacity && load < bestLoad) {
        best = member;
        bestLoad = load;
      }
    }
    if (!best) break;
    plan.set(best.id, (plan.get(best.id) ?? 0) + 1);
  }
  return plan;
}

/** A wanted session nobody holds: `lapsedForMs` since its lease lapsed, null when it never had one (new). */
export interface Orphan {
  readonly connectionId: number;
  readonly lapsedForMs: number | null;
}

/**
 * The order in which `processId` claims orphans: new sessions first (someone is waiting for a QR), then those
 * waiting longest (by heartbeat-sized buckets: the leases of a dead process lapse together), then in an order of
 * the process's own (a hash of process and connection), so processes claiming at the same moment mostly take
 * different sessions instead of queueing on the same rows.
 */
export function claimOrder(orphans: readonly Orphan[], processId: string, bucketMs: number): Orphan[] {
  const bucket = (orphan: Orphan): number =>
    orphan.lapsedForMs === null ? Number.POSITIVE_INFINITY : Math.floor(Math.max(0, orphan.lapsedForMs) / bucketMs);
  return [...orphans].sort(
    (a, b) =>
      bucket(b) - bucket(a) ||
      spread(processId, a.connectionId) - spread(processId, b.connectionId) ||
      a.connectionId - b.connectionId,
  );
}

/** FNV-1a of process and connection: a stable order of its own for each process. */
function spread(processId: string, connectionId: number): number {
  let hash = 0x811c9dc5;
  for (const char of `${processId}\u0000${connectionId}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Which orphans `processId` claims now, in order: its part of the plan, and beyond it any orphan left waiting
 * longer than `staleAfterMs` (the process the plan gave it to did not claim it: it died, is frozen or lacks the
 * provider), as long as it has room. A process over its share hands extras over afterwards.
 */
export function orphansToClaim(input: {
  readonly members: readonly Member[];
  readonly processId: string;
  readonly orphans: readonly Orphan[];
  readonly staleAfterMs: number;
  readonly bucketMs: number;
}): number[] {
  const { members, processId, orphans, staleAfterMs, bucketMs } = input;
  const me = members.find((member) => member.id === processId);
  if (!me) return [];
  const room = Math.max(0, me.capacity - me.sessions);
  const part = Math.min(room, planClaims(members, orphans.length).get(processId) ?? 0);
  const ordered = claimOrder(orphans, processId, bucketMs);
  const chosen = ordered.slice(0, part);
  for (const orphan of ordered.slice(part)) {
    if (chosen.length >= room) break;
    if (orphan.lapsedForMs !== null && orphan.lapsedForMs >= staleAfterMs) chosen.push(orphan);
  }
  return chosen.map((orphan) => orphan.connectionId);
}

/**
 * How many sessions `processId` hands over now: what it holds beyond the fair share, as far as the other live
 * processes have room for them below their share (orphans not claimed yet fill that room first), at most `batch`
 * per pass so a newcomer is not handed hundreds of sessions to open at once.
 */
export function handOverCount(input: {
  readonly members: readonly Member[];
  readonly processId: string;
  readonly wanted: number;
  readonly orphans: number;
  readonly batch: number;
}): number {
  const { members, processId, wanted, orphans, batch } = input;
  const me = members.find((member) => member.id === processId);
  if (!me || members.length < 2) return 0;
  const share = fairShare(wanted, members.length);
  const excess = me.sessions - share;
  if (excess <= 0) return 0;
  const room = members
    .filter((member) => member.id !== processId)
    .reduce((sum, member) => sum + Math.max(0, Math.min(share, member.capacity) - member.sessions), 0);
  return Math.max(0, Math.min(excess, room - orphans, batch));
}

/** A session this process runs, as the hand-over choice sees it. */
export interface HeldSession {
  readonly connectionId: number;
  /** Its last reported status (undefined: not reported yet, still opening). */
  readonly status: ConnectionStatus | undefined;
  /** Carrying out commands at the moment. */
  readonly busy: boolean;
  /** When this process claimed it (ms, any monotonic clock). */
  readonly claimedAt: number;
}

/** A session being linked (opening, showing a QR or a pairing code): someone may be scanning it right now. */
const LINKING: ReadonlySet<ConnectionStatus | undefined> = new Set([undefined, 'OPENING', 'qrcode', 'PAIRING']);

/**
 * Which sessions to hand over: settled ones before those being linked (a user scanning a QR would see it replaced),
 * idle ones before those carrying out commands, the most recently claimed first (the longest-running stay), then
 * the highest connection id.
 */
export function pickHandOvers(sessions: readonly HeldSession[], count: number): number[] {
  if (count <= 0) return [];
  return [...sessions]
    .sort(
      (a, b) =>
        Number(LINKING.has(a.status)) - Number(LINKING.has(b.status)) ||
        Number(a.busy) - Number(b.busy) ||
        b.claimedAt - a.claimedAt ||
        b.connectionId - a.connectionId,
    )
    .slice(0, count)
    .map((session) => session.connectionId);
}

/**
 * A process counts as live while its heartbeat is younger than the lease TTL less one heartbeat: a process that
 * died drops out before its leases lapse, so the plan made when they lapse leaves it out.
 */
export function memberWindowMs(leaseTtlMs: number, heartbeatMs: number): number {
  return Math.max(heartbeatMs, leaseTtlMs - heartbeatMs);
}

/**
 * When to look again for orphans, given the soonest expiry of a lease another process holds (ms from now): a lease
 * due to lapse before the next heartbeat belongs to a process that stopped renewing it, so look right after it
 * lapses instead of up to a heartbeat later. Null: the next heartbeat comes first.
 */
export function expiryWakeDelay(soonestExpiryMs: number | null, heartbeatMs: number): number | null {
  if (soonestExpiryMs === null || soonestExpiryMs >= heartbeatMs) return null;
  return Math.max(0, Math.ceil(soonestExpiryMs)) + EXPIRY_MARGIN_MS;
}

/** Looked at this long after a lease's expiry, so the database clock has passed it. */
const EXPIRY_MARGIN_MS = 20;

/** PostgreSQL's `lock_not_available`: a statement gave up waiting for a row lock (`lock_timeout`). */
const LOCK_NOT_AVAILABLE = '55P03';

/** A claim that met a locked lease row (a lapsed owner's open fenced transaction, another claim): skip it for now. */
export function isLockNotAvailable(error: unknown): boolean {
  const failure = error as { code?: string; driverError?: { code?: string } } | null | undefined;
  return failure?.driverError?.code === LOCK_NOT_AVAILABLE || failure?.code === LOCK_NOT_AVAILABLE;
}
