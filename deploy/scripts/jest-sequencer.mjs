// Jest's order of test files, with one change for a first run. Jest runs the files that failed last time first, then
// the longest by the durations it recorded, and files it has no duration for by size, largest first. A clean
// checkout (CI) has no durations, and file size says little about time: the suites that start full stacks
// (`*.e2e-spec.ts`, the longest by far) would start wherever their size put them, and the last ones run alone at the
// end of the integration tier. Files without a recorded duration go stacks first, then by size; with durations Jest's
// order is unchanged.
import TestSequencer from '@jest/test-sequencer';

const DefaultSequencer = TestSequencer.default ?? TestSequencer;
const rank = (test) => (test.duration != null ? 2 : /\.e2e-spec\.[cm]?[jt]s$/.test(test.path) ? 0 : 1);

export default class StacksFirstSequencer extends DefaultSequencer {
  sort(tests) {
    // Array.prototype.sort is stable: within each rank, Jest's own order (failed first, then longest or largest)
    return super.sort(tests).sort((a, b) => rank(a) - rank(b));
  }
}
