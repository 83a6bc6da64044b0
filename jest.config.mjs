// Jest runs the backend's TypeScript as ES modules (NestJS 12 is ESM-only), compiled by SWC with the same options as
// the TypeScript loader. Two tiers, selected with --selectProjects:
//   unit         colocated *.spec.ts, no infrastructure, in jest-light-runner: Node imports the files itself (through
//                ts-hooks.mjs), and one import of a module serves every file of a worker instead of each file
//                evaluating its whole graph again in a sandbox of its own. What that runner leaves out: module mocks,
//                a sandbox per file (a file that changes a global restores it) and a per-test timeout (run-tests.sh
//                stops a unit run that hangs); tests take `jest.fn`/`jest.spyOn` from the global `jest` and fake the
//                clock with @sinonjs/fake-timers (proto/adr/0015-unit-tier-on-jest-light-runner.md)
//   integration  test/**/*.int-spec.ts and *.e2e-spec.ts against real PostgreSQL and a real Kafka broker, in Jest's
//                own runner (`node --experimental-vm-modules`, `jest` from @jest/globals)
import { swcOptions } from './deploy/scripts/swc-options.mjs';

const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { ...swcOptions, swcrc: false }] },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // its ESM build imports JSON without an import attribute, which Jest's ESM mode warns about on every load
    '^libphonenumber-js/max$': '<rootDir>/node_modules/libphonenumber-js/max/index.cjs',
  },
  testEnvironmentOptions: { customExportConditions: ['@cs/source', 'node', 'node-addons'] },
  roots: ['<rootDir>/proto', '<rootDir>/services', '<rootDir>/gateway', '<rootDir>/deploy'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};

export default {
  // A global option (Jest ignores it inside a project): integration suites boot apps and processes.
  testTimeout: 120_000,
  // a first run (CI) starts the suites that start full stacks first (the file says why)
  testSequencer: '<rootDir>/deploy/scripts/jest-sequencer.mjs',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['**/*.spec.ts'],
      runner: 'jest-light-runner',
      transform: {},
      setupFiles: ['<rootDir>/deploy/scripts/jest-unit-setup.mjs'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['**/test/**/*.int-spec.ts', '**/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/deploy/scripts/jest-global-setup.mjs',
      // a database per worker, topics per test file (see the file)
      setupFilesAfterEnv: ['<rootDir>/services/platform/test/setup/isolation.ts'],
      globalTeardown: '<rootDir>/deploy/scripts/jest-global-teardown.mjs',
      testTimeout: 120_000,
    },
  ],
};
