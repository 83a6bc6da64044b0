/**
 * The wires are typed from `@cs/proto` everywhere, tests and benchmarks included: no event data cast to a
 * hand-written shape (`eventsOf` / `parseEvent` of `@cs/platform/testing` parse it with its schema), no untyped
 * socket payload, and no socket channel name built outside `@cs/proto/realtime` (`channel.*`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from '@cs/platform/testing';

const ROOTS = ['services', 'gateway', 'web/src', 'web/e2e', 'bench', 'deploy'];
const SKIP = new Set(['node_modules', 'dist', 'generated', 'coverage', '.data', 'artifacts']);
const FORBIDDEN: ReadonlyArray<{ readonly pattern: RegExp; readonly why: string }> = [
  { pattern: /as EventOf\b/, why: 'a cast to an event type (parse it with its definition)' },
  { pattern: /\bevent\.data as\b/, why: 'event data cast to a hand-written shape (eventsOf / parseEvent)' },
  { pattern: /\bpayload: unknown\b/, why: 'an untyped payload (type it with the proto event maps)' },
  { pattern: /`company-?\$\{/, why: 'a socket channel built by hand (channel.* of @cs/proto/realtime)' },
];

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

it('finds no hand-typed event data, untyped payload or hand-built socket channel outside proto', () => {
  const root = repoRoot();
  const found: string[] = [];
  for (const base of ROOTS) {
    for (const file of sources(join(root, base))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const { pattern, why } of FORBIDDEN) {
            if (pattern.test(line)) found.push(`${relative(root, file)}:${index + 1}: ${why}`);
          }
        });
    }
  }
  expect(found).toEqual([]);
});
