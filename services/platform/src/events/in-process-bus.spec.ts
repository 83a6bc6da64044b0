import type { DeliveredMessage } from './event-bus.js';
import { InProcessEventBus } from './in-process-bus.js';

const message = (key: string, value: string) => ({ topic: 'tickets.ticket.v1', key, value, headers: {} });
/**
 * Every callback already queued has run: the bus uses no timers and no I/O, so what has not happened by then waits
 * for something the test has not done yet (a load-independent turn of the event loop, not a pause).
 */
const drained = () => new Promise((resolve) => setImmediate(resolve));
/** Waits until `done()` holds (a busy machine may take longer than any fixed pause), at most 5 s. */
async function until(done: () => boolean): Promise<void> {
  for (const started = Date.now(); !done() && Date.now() - started < 5_000;) await drained();
}

describe(InProcessEventBus.name, () => {
  it('delivers each message once per consumer group, to every group', async () => {
    const bus = new InProcessEventBus();
    const seen: Record<string, string[]> = { a: [], b: [] };
    for (const group of ['a', 'b'] as const) {
      await bus.subscribe({
        groupId: group,
        topics: ['tickets.ticket.v1'],
        handle: async (m) => void seen[group]?.push(m.value),
      });
    }
    await bus.subscribe({
      groupId: 'a',
      topics: ['tickets.ticket.v1'],
      handle: async (m) => void seen['a']?.push(`second:${m.value}`),
    });
    // the publish is answered once every group has handled every message
    await bus.publish([message('1', 'x'), message('2', 'y')]);
    expect(seen['a']).toHaveLength(2);
    expect(seen['b']?.sort()).toEqual(['x', 'y']);
  });

  it('keeps the order of one key even when the first handler is still busy', async () => {
    const bus = new InProcessEventBus();
    const order: string[] = [];
    let finishFirst!: () => void;
    const firstBusy = new Promise<void>((resolve) => (finishFirst = resolve));
    await bus.subscribe({
      groupId: 'g',
      topics: ['tickets.ticket.v1'],
      handle: async (m: DeliveredMessage) => {
        if (m.value === '1') await firstBusy;
        order.push(m.value);
      },
    });
    const published = bus.publish([message('k', '1'), message('k', '2'), message('k', '3')]);
    // a bus that let the key's later messages pass the busy one has handled them by now
    await drained();
    expect(order).toEqual([]);
    finishFirst();
    await published;
    await until(() => order.length === 3);
    expect(order).toEqual(['1', '2', '3']);
  });

  it('does not deliver to topics a group did not subscribe to', async () => {
    const bus = new InProcessEventBus();
    const seen: string[] = [];
    await bus.subscribe({
      groupId: 'g',
      topics: ['contacts.contact.v1'],
      handle: async (m) => void seen.push(m.value),
    });
    await bus.publish([message('k', '1')]);
    expect(seen).toEqual([]);
  });

  it('holds publishing until every consumer is attached, so an event relayed at start-up is not lost', async () => {
    const bus = new InProcessEventBus();
    const release = bus.holdUntilSubscribed();
    let published = false;
    const publishing = bus.publish([message('1', 'seed')]).then(() => (published = true));
    await drained();
    expect(published).toBe(false);
    const seen: string[] = [];
    await bus.subscribe({
      groupId: 'late',
      topics: ['tickets.ticket.v1'],
      handle: async (m) => void seen.push(m.value),
    });
    release();
    await publishing;
    expect(published).toBe(true);
    expect(seen).toEqual(['seed']);
  });

  it('answers a publish only once every group has handled every message', async () => {
    const bus = new InProcessEventBus();
    let finish: () => void = () => undefined;
    let started = false;
    const handled: string[] = [];
    await bus.subscribe({
      groupId: 'slow',
      topics: ['tickets.ticket.v1'],
      handle: async (m) => {
        started = true;
        await new Promise<void>((resolve) => (finish = resolve));
        handled.push(m.value);
      },
    });
    let answered = false;
    const publishing = bus.publish([message('k', '1')]).then(() => (answered = true));
    await until(() => started);
    await drained();
    expect(answered).toBe(false);
    finish();
    await publishing;
    expect(handled).toEqual(['1']);
  });

  it('refuses a publish while a group that subscribed has no member attached, so the events stay in the outbox', async () => {
    const bus = new InProcessEventBus();
    const seen: string[] = [];
    const first = await bus.subscribe({
      groupId: 'contacts.main',
      topics: ['tickets.ticket.v1'],
      handle: async (m) => void seen.push(m.value),
    });
    await first.close();
    await expect(bus.publish([message('k', 'while stopped')])).rejects.toThrow(/contacts\.main .* no member attached/);
    expect(seen).toEqual([]);
    await bus.subscribe({
      groupId: 'contacts.main',
      topics: ['tickets.ticket.v1'],
      handle: async (m) => void seen.push(m.value),
    });
    await bus.publish([message('k', 'after the restart')]);
    expect(seen).toEqual(['after the restart']);
  });

  it('keeps no place for a group that starts from the latest message (a gateway that stopped)', async () => {
    const bus = new InProcessEventBus();
    const gateway = await bus.subscribe({
      groupId: 'gateway.realtime.a',
      topics: ['tickets.ticket.v1'],
      startFrom: 'latest',
      handle: async () => undefined,
    });
    await gateway.close();
    await expect(bus.publish([message('k', '1')])).resolves.toBeUndefined();
  });

  it('fails a publish whose message a consumer stopped before handling', async () => {
    const bus = new InProcessEventBus();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handled: string[] = [];
    let started = false;
    const subscription = await bus.subscribe({
      groupId: 'g',
      topics: ['tickets.ticket.v1'],
      handle: async (m) => {
        started = true;
        await gate;
        handled.push(m.value);
      },
    });
    // the first message holds the key's lane; the second waits behind it when the consumer stops
    const publishing = bus.publish([message('k', '1'), message('k', '2')]);
    await until(() => started);
    const closing = subscription.close();
    release();
    await closing;
    await expect(publishing).rejects.toThrow(/stopped before handling/);
    expect(handled).toEqual(['1']);
  });
});
