// The setup every walk file shares: its own full stack, the simulated people's browser contexts, signing in at the
// stack's web client and calling its gateway.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { startStack } from '../../deploy/scripts/e2e-stack.mjs';
import { assertNoPolicyRefusals, openBrowser, signInAt } from './browser.mjs';

/** The access token the signed-in page holds (the web client keeps it in local storage). */
export const tokenOf = (page) => page.evaluate(() => JSON.parse(window.localStorage.getItem('token') ?? 'null'));

/** A response's body: its JSON, its text when it is not JSON, null when empty. */
function bodyOf(text) {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Registers the file's `before` and `after` and returns the walk (node starts a file's top-level `before` hooks
 * without waiting for one another, so everything that must come before the stack goes in here).
 * `before`: `beforeStack()` (fakes the stack calls), the stack (`startStack` of deploy/scripts/e2e-stack.mjs with
 * `label` and `env`, its log lines on stderr; `env` may be a function, called after `beforeStack`, for values such as
 * a fake's URL), `ready(stack)`, then with `page: true` one person for the whole file (`walk.page`).
 * `after`: every person's browser context closed, `cleanup()` (what must end before the stack's database goes), the
 * stack stopped, then `afterStack()`, each step even when an earlier one failed; then the file fails if a page met a
 * refusal of the Content-Security-Policy (`assertNoPolicyRefusals`).
 */
export function useWalk({ label, env, beforeStack, ready, cleanup, afterStack, page: sharedPage = false } = {}) {
  const people = [];
  const walk = {
    /** The running stack (`webUrl`, `gatewayUrl`, `databaseUrl`…), set by the file's `before`. */
    stack: undefined,
    /** With `page: true`: the page of the person the file's tests share. */
    page: undefined,

    /** A new simulated person's browser (`openBrowser`'s `{ context, page }`), closed after the file's last test. */
    async browser(options) {
      const browser = await openBrowser(options);
      people.push(browser);
      return browser;
    },

    /** A new simulated person (a browser context of their own, closed after the file's last test): their page. */
    async person(options) {
      return (await walk.browser(options)).page;
    },

    /** Signs in through the stack's login form (`signInAt`: waits for `landing`, by default any page but /login). */
    signIn(page, credentials, landing) {
      return signInAt(page, walk.stack.webUrl, credentials, landing);
    },

    /**
     * Calls the gateway as a client would (`token`: a bearer token; `body`: sent as JSON; `json`: the JSON content
     * type even without a body, as the web client sends it); answers `{ status, body }`.
     */
    async request(method, path, { token, body, json = body !== undefined } = {}) {
      const response = await fetch(`${walk.stack.gatewayUrl}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(json ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: bodyOf(await response.text()) };
    },

    /**
     * `(method, path, body)` calls of the gateway with the token the signed-in `page` holds (a new login would end
     * that session), answering `{ status, body }`.
     */
    as(page) {
      return async (method, path, body) => walk.request(method, path, { token: await tokenOf(page), body, json: true });
    },

    /** As `as(page)`, answering the body, after asserting a 2xx status (the failure names the call and its answer). */
    api(page) {
      const call = walk.as(page);
      return async (method, path, body) => {
        const answer = await call(method, path, body);
        assert.ok(
          answer.status >= 200 && answer.status < 300,
          `${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
        );
        return answer.body;
      };
    },
  };

  before(async () => {
    await beforeStack?.();
    walk.stack = await startStack({
      label,
      env: typeof env === 'function' ? env() : env,
      log: (line) => process.stderr.write(`[stack] ${line}\n`),
    });
    await ready?.(walk.stack);
    if (sharedPage) walk.page = await walk.person();
  });

  after(async () => {
    for (const browser of people) await browser.close().catch(() => undefined);
    try {
      await cleanup?.();
    } finally {
      try {
        await walk.stack?.stop();
      } finally {
        await afterStack?.();
      }
    }
    assertNoPolicyRefusals();
  });

  return walk;
}

/** A call of the gateway from inside the signed-in `page`, through the web client's /api proxy: `{ status, body }`. */
export function requestInPage(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = JSON.parse(localStorage.getItem('token'));
      const response = await fetch(`/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  );
}
