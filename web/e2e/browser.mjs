// Debian's Chromium driven by playwright-core (Playwright cannot download its own browsers here).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
// Chromium's headless shell (Debian's chromium-headless-shell, what Playwright itself runs headless) when installed:
// the same engine as `chromium --headless` without the browser's UI around it, and less CPU for the same page
// loads; deploy/scripts/ensure-chromium.sh installs both
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const EXECUTABLE = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Every refusal of the Content-Security-Policy that a page of this file met, as Chromium reports it on the console
const refusals = new Set();

/**
 * Fails when a page of this file met a refusal of the Content-Security-Policy, naming the first ones: the stacks serve
 * the client through the web deployable's nginx, whose policy is production's, so a screen that needs something the
 * policy refuses fails its walk instead of breaking only in production. Called after the file's cleanup (`useWalk`):
 * a failing `after` hook would leave the hooks registered after it unrun, the stack among them.
 */
export function assertNoPolicyRefusals() {
  if (refusals.size > 0) {
    assert.fail(`pages met refusals of the Content-Security-Policy:\n${[...refusals].slice(0, 5).join('\n')}`);
  }
}

// One Chromium per test file (node's test runner gives each file its own process), launched on first use and closed
// after the file's last test; every simulated person gets a context of their own in it, which shares nothing with
// the others (cookies, storage, cache), as a profile of its own would; a context costs a fraction of a launch.
let shared;
const launch = () =>
  (shared ??= chromium.launch({ executablePath: EXECUTABLE, headless: true, args: FLAGS }).catch((error) => {
    shared = undefined;
    throw error;
  }));
after(async () => {
  const browser = await shared?.catch(() => undefined);
  shared = undefined;
  await browser?.close();
});

/** A fresh browser context (nothing shared with any other): one per simulated person. */
export async function openBrowser({ viewport = { width: 1280, height: 800 }, locale = 'pt-BR' } = {}) {
  const context = await (await launch()).newContext({ viewport, locale });
  context.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
      refusals.add(`${message.location().url}: ${message.text()}`);
    }
  });
  const page = await context.newPage();
  return { context, page, close: () => context.close() };
}

export async function screenshot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** What the page announces right now: its alerts and toasts (for failure messages; none when it cannot tell). */
export function pageSaid(page) {
  return page
    .locator('[role="alert"], [data-scope="toast"][data-part="root"]')
    .allTextContents()
    .catch(() => []);
}

/** Whether the app has left the sign-in page: `signInAt`'s default landing. */
const leftLogin = (url) => !url.pathname.startsWith('/login');

/**
 * Signs in through the login form of the web client at `webUrl` and waits for `landing` (a `waitForURL` glob or
 * predicate; by default any page but /login). When the app does not get there, the error says where it stayed and
 * what the page announced (alerts and toasts), with a screenshot in the artifacts (`signin-failed-*.png`).
 */
export async function signInAt(page, webUrl, { email, password }, landing = leftLogin) {
  await page.goto(`${webUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  try {
    await page.waitForURL(landing);
  } catch (error) {
    const name = `signin-failed-${email.replace(/\W+/g, '-')}-${Date.now()}`;
    await screenshot(page, name).catch(() => undefined);
    const said = await pageSaid(page);
    throw new Error(
      `the sign-in of ${email} stayed at ${page.url()}; the page said ${JSON.stringify(said)} (artifacts/${name}.png)`,
      { cause: error },
    );
  }
}

/**
 * Polls `probe` until it returns something truthy (a thrown error counts as "not yet") and returns that value;
 * after `timeoutMs` it fails naming `what` and the probe's last error.
 */
export async function eventually(probe, what, timeoutMs = 30_000, intervalMs = 250) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${last.message}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Clicks the tab named `name` in `page` and waits until it is the selected one: when the tab is not selected 5 s
 * after the click, this writes what the tabs said and a screenshot (artifacts/tab-not-selected-*.png) to stderr,
 * then clicks again, as a person would.
 */
export async function selectTab(page, name) {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  const selected = () => tab.and(page.locator('[aria-selected="true"]')).waitFor({ timeout: 5_000 });
  try {
    await selected();
  } catch {
    const shot = `tab-not-selected-${name.replace(/\W+/g, '-')}-${Date.now()}`;
    await screenshot(page, shot).catch(() => undefined);
    const tabs = await page
      .getByRole('tab')
      .evaluateAll((nodes) => nodes.map((node) => `${node.textContent}: ${node.getAttribute('aria-selected')}`))
      .catch(() => []);
    process.stderr.write(
      `selectTab: "${name}" not selected 5 s after the click at ${page.url()}; tabs ${JSON.stringify(tabs)} (artifacts/${shot}.png); clicking again\n`,
    );
    await tab.click();
    await selected();
  }
}

/** Now on the demo company's clock (America/Sao_Paulo), as a datetime-local field takes it. */
export function companyNow() {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Sao_Paulo',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}
