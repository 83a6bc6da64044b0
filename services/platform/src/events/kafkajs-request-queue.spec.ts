import { install, type Clock } from '@sinonjs/fake-timers';
import {
  CHECK_PENDING_REQUESTS_INTERVAL_MS,
  fixKafkaRequestQueueIdleLoop,
  kafkaRequestQueueClass,
} from './kafkajs-request-queue.js';

interface Queue {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

/** A queue with kafkajs's scheduling on it, whose pending check only counts (no socket behind it). */
function queue(pending: unknown[], throttledUntil = -1): Queue & { checks: number } {
  const { prototype } = kafkaRequestQueueClass();
  const state = Object.create(prototype) as Queue & { checks: number };
  Object.assign(state, { pending, throttledUntil, throttleCheckTimeoutId: null, checks: 0 });
  state.checkPendingRequests = function (this: Queue & { checks: number }) {
    this.checks += 1;
    this.scheduleCheckPendingRequests();
  };
  return state;
}

// a fake clock (timers and Date.now together): the checks are counted against time that passes exactly as the
// test says, not against a loaded machine's timers, which may fire late or in clumps
let clock: Clock;
const sleep = (ms: number): Promise<void> => clock.tickAsync(ms).then(() => undefined);

beforeAll(() => fixKafkaRequestQueueIdleLoop());
beforeEach(() => (clock = install()));
afterEach(() => clock.uninstall());

describe("kafkajs's request queue, fixed", () => {
  it('schedules no check when nothing is pending and nothing is throttled (kafkajs itself checks every 1 ms)', async () => {
    const idle = queue([]);
    idle.checkPendingRequests();
    await sleep(50);
    expect(idle.checks).toBe(1);
    expect(idle.throttleCheckTimeoutId).toBeNull();
  });

  it('checks a pending request again every 10 ms until it is sent', async () => {
    const pending = [{}];
    const waiting = queue(pending);
    waiting.scheduleCheckPendingRequests();
    await sleep(CHECK_PENDING_REQUESTS_INTERVAL_MS * 5);
    expect(waiting.checks).toBe(5);
    pending.length = 0; // sent
    await sleep(CHECK_PENDING_REQUESTS_INTERVAL_MS * 5);
    // the check already scheduled runs once more, finds nothing pending and schedules no other
    expect(waiting.checks).toBe(6);
    expect(waiting.throttleCheckTimeoutId).toBeNull();
  });

  it("looks again when the broker's throttle ends, even with nothing pending yet", async () => {
    const throttled = queue([], Date.now() + 30);
    throttled.scheduleCheckPendingRequests();
    expect(throttled.throttleCheckTimeoutId).not.toBeNull();
    await sleep(29);
    expect(throttled.checks).toBe(0);
    await sleep(51);
    // once at the throttle's end, then no more
    expect(throttled.checks).toBe(1);
    expect(throttled.throttleCheckTimeoutId).toBeNull();
  });

  it('installs once', () => {
    const { prototype } = kafkaRequestQueueClass();
    const installed = prototype.scheduleCheckPendingRequests;
    fixKafkaRequestQueueIdleLoop();
    expect(kafkaRequestQueueClass().prototype.scheduleCheckPendingRequests).toBe(installed);
  });
});
