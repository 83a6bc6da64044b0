// Types of jest-sequencer.mjs (plain ESM, which Jest loads as its `testSequencer`), as far as its spec uses them.

/** A test file as the sequencer sees it: its path, its recorded duration, Jest's context of its project. */
export interface SequencedTest {
  path: string;
  duration?: number;
  context: { config: { cache: boolean }; hasteFS: { getSize(path: string): number | null } };
}

/** Jest's sequencer, with the suites that start full stacks first on a first run. */
export default class StacksFirstSequencer {
  constructor(options: object);
  /** The duration Jest recorded for the file on an earlier run (its cache), if any. */
  time(test: SequencedTest): number | undefined;
  sort<T extends SequencedTest>(tests: T[]): T[];
}
