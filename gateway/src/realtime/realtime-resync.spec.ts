import { install, type Clock } from '@sinonjs/fake-timers';
import pino from 'pino';
import { EventStreamGaps } from '@cs/platform/events';
import { RESYNC_COALESCE_MS, RealtimeResync } from './realtime-resync.js';
import type { SocketServer } from './socket-server.js';

describe(RealtimeResync.name, () => {
  let clock: Clock;
  beforeEach(() => (clock = install()));
  afterEach(() => clock.uninstall());

  const setup = () => {
    const gaps = new EventStreamGaps();
    const resyncAll = jest.fn();
    const sut = new RealtimeResync(gaps, { resyncAll } as unknown as SocketServer, pino({ level: 'silent' }));
    sut.onModuleInit();
    return { gaps, resyncAll, sut };
  };

  it('tells every socket to resync once for the gaps of one moment, and again for a later one', () => {
    const { gaps, resyncAll } = setup();
    gaps.report({ topic: 'tickets.message.v1', partition: 3, from: '10', to: '25' });
    gaps.report({ topic: 'tickets.ticket.v1', partition: 1, from: null, to: null });
    expect(resyncAll).not.toHaveBeenCalled();
    clock.tick(RESYNC_COALESCE_MS);
    expect(resyncAll).toHaveBeenCalledTimes(1);
    gaps.report({ topic: 'tickets.message.v1', partition: 4, from: '7', to: '9' });
    clock.tick(RESYNC_COALESCE_MS);
    expect(resyncAll).toHaveBeenCalledTimes(2);
  });

  it('stops listening when the module is destroyed', () => {
    const { gaps, resyncAll, sut } = setup();
    sut.onModuleDestroy();
    gaps.report({ topic: 'tickets.message.v1', partition: 3, from: '10', to: '25' });
    clock.tick(RESYNC_COALESCE_MS);
    expect(resyncAll).not.toHaveBeenCalled();
  });
});
