/**
 * The order of a first run's test files (deploy/scripts/jest-sequencer.mjs): the suites that start full stacks
 * first, then the other files largest first, counting the case files a file imports; with recorded durations,
 * Jest's own order.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import StacksFirstSequencer, { type SequencedTest } from '../scripts/jest-sequencer.mjs';

const dir = mkdtempSync(join(tmpdir(), 'jest-sequencer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** A first run's test (no recorded duration: the context keeps no cache). */
const firstRun = (path: string): SequencedTest => ({
  path,
  context: { config: { cache: false }, hasteFS: { getSize: (at) => statSync(at).size } },
});

const order = (tests: SequencedTest[]): string[] =>
  new StacksFirstSequencer({}).sort(tests).map((test) => test.path.slice(dir.length + 1));

describe('the integration tier on a first run', () => {
  const big = file('big.int-spec.ts', `it('x', () => undefined);\n${'// a long file\n'.repeat(400)}`);
  file('one.cases.ts', `describe('one', () => undefined);\n${'// cases\n'.repeat(500)}`);
  file('two.cases.ts', `describe('two', () => undefined);\n${'// cases\n'.repeat(500)}`);
  const shared = file('shared.int-spec.ts', "import './one.cases.js';\nimport './two.cases.js';\n");
  const small = file('small.int-spec.ts', "it('y', () => undefined);\n");
  const stack = file('stack.e2e-spec.ts', "it('z', () => undefined);\n");

  it('starts the stacks, then the file that runs the most cases before a larger file of its own', () => {
    expect(order([small, big, shared, stack].map(firstRun))).toEqual([
      'stack.e2e-spec.ts',
      'shared.int-spec.ts',
      'big.int-spec.ts',
      'small.int-spec.ts',
    ]);
  });

  it('keeps Jest order, longest first, for the files it has durations for, after the others', () => {
    const timed = (path: string, duration: number): SequencedTest => ({ ...firstRun(path), duration });
    const sequencer = new StacksFirstSequencer({});
    const durations = new Map([
      [small, 30],
      [big, 5],
    ]);
    // Jest's `time` reads its cache; these durations stand for what it recorded on an earlier run
    sequencer.time = (test) => durations.get(test.path);
    const sorted = sequencer.sort([timed(big, 5), timed(small, 30), firstRun(shared)]);
    expect(sorted.map((test) => test.path.slice(dir.length + 1))).toEqual([
      'shared.int-spec.ts',
      'small.int-spec.ts',
      'big.int-spec.ts',
    ]);
  });
});
