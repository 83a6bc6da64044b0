// The unit tier's setup (jest.config.mjs): its test files are imported by Node itself (jest-light-runner), so
// TypeScript goes through the same module hooks as every other process of ours (ts-hooks.mjs).
import { registerTsHooks } from './ts-hooks.mjs';

registerTsHooks();
