// kafkajs's own modules (CommonJS): imported, not required, so that Jest's module registry and Node's agree on them
import Runner from 'kafkajs/src/consumer/runner.js';
import kafkaErrors from 'kafkajs/src/errors.js';
import { assertVerifiedVersions } from '../config/verified-dependencies.js';
import { KAFKAJS_FIXES, kafkajsVersionOf } from './kafkajs-fixes.js';

/**
 * kafkajs (ADR 0008) commits a consumer's offsets after every batch it handles, whatever `autoCommitInterval` says:
 * the runner's `handleBatch` ends with `autoCommitOffsets()`, a full commit, and the interval is looked at only between
 * the messages of an `eachMessage` batch. A batch is one partition's share of a fetch, so at moderate rates every
 * consumer would send an OffsetCommit request (and the broker append to its offsets log) for every event or two.
 *
 * The replacement keeps kafkajs's interval after a batch too, so a consumer commits at most once per
 * `autoCommitInterval`, and commits fully where kafkajs relies on the per-batch commit to lose nothing:
 * - after a batch with offsets left uncommitted, a timer commits them once the interval is up, so the group's
 *   committed offsets are never more than about an interval behind what was handled, even when nothing follows;
 * - a heartbeat that finds the group rebalancing commits everything before the partitions move (as kafkajs did);
 * - `stop` (the consumer's `disconnect`) commits everything once the last batch is done, before leaving the group.
 *
 * After a crash the events handled in the last interval come again; the inbox (or the gateway's recent-id set)
 * absorbs them. Nothing is ever committed past an event that was not handled: only resolved offsets are committed.
 */
interface ConsumerGroupInternals {
  commitOffsets(): Promise<void>;
  commitOffsetsIfNecessary(): Promise<void>;
  uncommittedOffsets(): { topics: readonly unknown[] };
  heartbeat(options: { interval: number }): Promise<void>;
  leave(): Promise<void>;
}

interface RunnerInternals {
  autoCommit: boolean;
  running: boolean;
  heartbeatInterval: number;
  consumerGroup: ConsumerGroupInternals;
  fetchManager: { stop(): Promise<void> };
  logger: { debug(message: string, extra?: object): void; warn(message: string, extra?: object): void };
  waitForConsumer(): Promise<void>;
  autoCommitOffsets(): Promise<void> | undefined;
  heartbeat(): Promise<void>;
  stop(): Promise<void>;
  [COMMIT_TIMER]?: NodeJS.Timeout | undefined;
}

const PATCHED = Symbol.for('cs.kafkajs.runner.intervalCommits');
const COMMIT_TIMER = Symbol('cs.kafkajs.runner.commitTimer');

/** kafkajs's own `autoCommitInterval` check runs when a commit is due; the timer looks this long after the interval. */
const TIMER_SLACK_MS = 20;

function hasUncommitted(group: ConsumerGroupInternals): boolean {
  try {
    return group.uncommittedOffsets().topics.length > 0;
  } catch {
    return false; // no generation (between a rebalance's leave and its join): nothing of this member to commit
  }
}

/** Commits what is due by the interval; offsets left uncommitted are committed by a timer when it is up. */
function commitByInterval(this: RunnerInternals, intervalMs: number): Promise<void> | undefined {
  if (!this.autoCommit) return undefined;
  return this.consumerGroup.commitOffsetsIfNecessary().then(() => {
    if (this[COMMIT_TIMER] || !this.running || !hasUncommitted(this.consumerGroup)) return;
    const timer = setTimeout(() => {
      this[COMMIT_TIMER] = undefined;
      if (!this.running) return;
      // a batch's commit in between may have moved the interval on: then this one is not due yet, and the timer is
      // set again for what is still uncommitted
      commitByInterval.call(this, intervalMs)?.catch((error: unknown) => {
        // a rebalance or a lost coordinator: the next heartbeat deals with it, and the next batch or stop commits
        this.logger.debug('interval commit failed', { error: (error as Error).message });
      });
    }, intervalMs + TIMER_SLACK_MS);
    timer.unref();
    this[COMMIT_TIMER] = timer;
  });
}

/** kafkajs's consumer runner class (not part of its public API; the version is pinned by the lockfile). */
export function kafkaRunnerClass(): { prototype: RunnerInternals } {
  return Runner as unknown as { prototype: RunnerInternals };
}

/**
 * Installs interval commits on kafkajs's consumer runner (once per process; later calls do nothing). `intervalMs`
 * must be the `autoCommitInterval` every consumer of the process runs with (the timer's delay). Throws, changing
 * nothing, on a kafkajs version the fix was not verified against (`KAFKAJS_FIXES`).
 */
export function commitKafkaOffsetsByInterval(
  intervalMs: number,
  versionOf: (packageName: string) => string = kafkajsVersionOf,
): void {
  assertVerifiedVersions(KAFKAJS_FIXES, versionOf);
  const prototype = kafkaRunnerClass().prototype as RunnerInternals & { [PATCHED]?: true };
  if (prototype[PATCHED]) return;

  prototype.autoCommitOffsets = function (this: RunnerInternals) {
    return commitByInterval.call(this, intervalMs);
  };

  prototype.heartbeat = async function (this: RunnerInternals) {
    try {
      await this.consumerGroup.heartbeat({ interval: this.heartbeatInterval });
    } catch (error) {
      // the partitions are about to move: what was handled is committed before another member takes them
      if (kafkaErrors.isRebalancing(error) && this.autoCommit) {
        await this.consumerGroup.commitOffsets().catch(() => undefined);
      }
      throw error;
    }
  };

  prototype.stop = async function (this: RunnerInternals) {
    if (!this.running) return;
    this.running = false;
    clearTimeout(this[COMMIT_TIMER]);
    this[COMMIT_TIMER] = undefined;
    try {
      await this.fetchManager.stop();
      await this.waitForConsumer();
      if (this.autoCommit) {
        await this.consumerGroup.commitOffsets().catch((error: unknown) => {
          this.logger.warn('final offset commit failed; the last events handled will come again', {
            error: (error as Error).message,
          });
        });
      }
      await this.consumerGroup.leave();
    } catch {
      // as kafkajs: stopping never throws
    }
  };

  prototype[PATCHED] = true;
}
