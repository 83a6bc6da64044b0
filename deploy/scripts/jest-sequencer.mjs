// Jest's order of test files, with one change for a first run. Jest runs the files that failed last time first, then
// the longest by the durations it recorded, and files it has no duration for by size, largest first. A clean
// checkout (CI) has no durations, and file size says little about time: the suites that start full stacks
// (`*.e2e-spec.ts`, the longest by far) would start wherever their size put them, and the last ones run alone at the
// end of the integration tier. Files without a recorded duration go stacks first, then by size, largest first, where
// a file's size counts the case files it runs (`import './x.cases.js'`: tickets' shared app is a few lines that run
// nineteen files of cases, one of the longest files of the tier); with durations Jest's order is unchanged.
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import TestSequencer from '@jest/test-sequencer';

const DefaultSequencer = TestSequencer.default ?? TestSequencer;
const rank = (test) => (test.duration != null ? 2 : /\.e2e-spec\.[cm]?[jt]s$/.test(test.path) ? 0 : 1);
const CASE_IMPORT = /^import '(\.{1,2}\/[^']+\.cases)\.js';$/gm;

/** The file's size with that of every case file it imports. */
function sizeWithCases(path) {
  const text = readFileSync(path, 'utf8');
  let size = Buffer.byteLength(text);
  for (const [, specifier] of text.matchAll(CASE_IMPORT))
    size += statSync(`${resolve(dirname(path), specifier)}.ts`).size;
  return size;
}

export default class StacksFirstSequencer extends DefaultSequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const weight = new Map(sorted.filter((test) => rank(test) < 2).map((test) => [test, sizeWithCases(test.path)]));
    // Array.prototype.sort is stable: with durations, Jest's own order (failed first, then longest)
    return sorted.sort((a, b) => rank(a) - rank(b) || (rank(a) < 2 ? weight.get(b) - weight.get(a) : 0));
  }
}
