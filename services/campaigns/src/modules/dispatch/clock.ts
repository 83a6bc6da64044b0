import { Injectable } from '@nestjs/common';

/**
 * The dispatch engine's time: when a connection may send next, and the send times it records. The system clock
 * in production; a test replaces `now` (e.g. `jest.spyOn(app.get(Clock), 'now')`) to drive the pacing schedule
 * without waiting for it.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
