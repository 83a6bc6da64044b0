// Issue 49's sessions in the browser against the full stack (every deployable as its own process, PostgreSQL,
// Kafka, the built client, Debian's Chromium): two tabs of one browser reloaded at the same instant both refresh
// with the same refresh cookie, and both stay signed in.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually, pageSaid, screenshot } from './browser.mjs';
import { useWalk } from './walk.mjs';

const ADMIN = { email: 'admin@demo.local', password: 'demo12345' };

const walk = useWalk();

/** The signed-in shell with its live socket (the socket handshake needs a session that was not revoked). */
async function signedIn(page, name) {
  try {
    await page.locator('header[data-realtime="live"]').waitFor({ timeout: 30_000 });
    assert.ok(!new URL(page.url()).pathname.startsWith('/login'), `${name} is at ${page.url()}`);
  } catch (error) {
    await screenshot(page, `sessions-${name}`).catch(() => undefined);
    throw new Error(
      `${name} is not signed in at ${page.url()}; the page said ${JSON.stringify(await pageSaid(page))}`,
      {
        cause: error,
      },
    );
  }
}

describe('one browser, two tabs', () => {
  it('keeps both tabs signed in when they reload at the same instant', async () => {
    const browser = await walk.browser();
    const { context, page: first } = browser;
    // Clients without a cross-tab lock (the upstream Whaticket client refreshes on every page load and after every
    // 403, a browser without Web Locks) send their refreshes side by side: these tabs run the client that way.
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'locks', { configurable: true, get: () => undefined });
    });
    await walk.signIn(first, ADMIN);
    await signedIn(first, 'first-tab');
    const second = await context.newPage();
    await second.goto(`${walk.stack.webUrl}/`);
    await signedIn(second, 'second-tab');

    // both reloads refresh with the one cookie of the context: the first two refreshes are held until both have
    // left their tab, then sent together (a lone one goes on once the wait for the second has failed)
    let release;
    const bothSent = new Promise((resolve) => (release = resolve));
    let held = 0;
    await context.route('**/auth/refresh_token', async (route) => {
      held += 1;
      if (held === 2) release();
      if (held <= 2) await bothSent;
      await route.continue();
    });
    const cookieBefore = (await context.cookies()).find((cookie) => cookie.name === 'jrt')?.value;
    await Promise.all([first.reload(), second.reload()]);
    try {
      await eventually(() => held >= 2, 'a refresh from each tab');
    } finally {
      release();
    }
    await context.unroute('**/auth/refresh_token');
    await signedIn(first, 'first-tab-reloaded');
    await signedIn(second, 'second-tab-reloaded');
    assert.notEqual((await context.cookies()).find((cookie) => cookie.name === 'jrt')?.value, cookieBefore);

    // the session lives on: each tab reloads again (now one after the other) and is still signed in
    await first.reload();
    await signedIn(first, 'first-tab-again');
    await second.reload();
    await signedIn(second, 'second-tab-again');
    await screenshot(second, 'sessions-two-tabs');
  });
});
