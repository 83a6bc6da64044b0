import { Injectable } from '@nestjs/common';

/**
 * The steps of a graceful shutdown that modules take part in, in this order (`runService` and the one-machine
 * process run them once HTTP has stopped, then close the app):
 * - `work`: stop taking work and finish what is in hand: the event consumers finish their messages, commit and
 *   leave their groups; the job workers finish their jobs. Everything of one phase runs side by side.
 * - `publish`: the outbox relay publishes what the work of the first phase wrote, then stops.
 */
export type ShutdownPhase = 'work' | 'publish';

/** A step's deadline: the moment (`Date.now()` scale) by which the whole shutdown must be over. */
export type ShutdownStep = (deadline: number) => Promise<void>;

@Injectable()
export class ShutdownRegistry {
  private readonly steps = new Map<ShutdownPhase, Array<{ name: string; step: ShutdownStep }>>();

  register(phase: ShutdownPhase, name: string, step: ShutdownStep): void {
    const list = this.steps.get(phase) ?? [];
    list.push({ name, step });
    this.steps.set(phase, list);
  }

  /** Runs a phase's steps side by side (each at most once); resolves with the names of those that failed. */
  async run(phase: ShutdownPhase, deadline: number): Promise<Array<{ name: string; error: unknown }>> {
    const list = this.steps.get(phase) ?? [];
    this.steps.delete(phase);
    const results = await Promise.allSettled(list.map(({ step }) => step(deadline)));
    const failures: Array<{ name: string; error: unknown }> = [];
    results.forEach((result, index) => {
      if (result.status === 'rejected')
        failures.push({ name: list[index]?.name ?? '?', error: result.reason as unknown });
    });
    return failures;
  }
}
