import { type RunningStack, startStack } from '../../scripts/e2e-stack.mjs';

let running: Promise<RunningStack> | undefined;

/**
 * The full stack the system cases of `stack.e2e-spec.ts` share (every deployable as its own process, the client left
 * out), started by the first case that asks for it.
 */
export function sharedStack(): Promise<RunningStack> {
  running ??= startStack({ web: false, label: 'system' });
  return running;
}

/** Stops the shared stack, when one was started. */
export async function stopSharedStack(): Promise<void> {
  const stack = await running?.catch(() => undefined);
  running = undefined;
  await stack?.stop();
}
