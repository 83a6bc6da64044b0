import { sharedResource } from '@cs/platform/testing';
import { type RunningStack, startStack } from '../../scripts/e2e-stack.mjs';

const shared = sharedResource(
  () => startStack({ web: false, label: 'system' }),
  (stack) => stack.stop(),
);

/**
 * The full stack the system cases of `stack.e2e-spec.ts` share (every deployable as its own process, the client left
 * out), started by the first case that asks for it (`sharedResource`).
 */
export const sharedStack = (): Promise<RunningStack> => shared.get();

/** Stops the shared stack, when one was started. */
export const stopSharedStack = (): Promise<void> => shared.stop();

/** A call of the shared stack's gateway as a client makes it (JSON, `Authorization: Bearer`): status and JSON body. */
export async function call<T = unknown>(
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const { gatewayUrl } = await sharedStack();
  const response = await fetch(`${gatewayUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** As `call`, answering the body of a 2xx answer; any other status fails, naming the call and its answer. */
export async function api<T = unknown>(token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await call<T>(token, method, path, body);
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`${method} ${path} → ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}
