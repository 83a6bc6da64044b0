/**
 * The gateway's cases on its default stack (`sharedStack`: identity and one gateway in this process, the other
 * services an `Upstream`): each `*.cases.ts` below, each with companies and users of its own (their `beforeAll`
 * hooks run before the first test, their `afterAll` hooks after the last). The files that start the stack with
 * settings of their own (body limits, trusted proxies, a real tickets service, a broker of their own) stay test files
 * of their own. One case file alone: `--testPathPatterns gateway/test/e2e/shared-stack -t '<its describe>'`.
 */
import { afterAll } from '@jest/globals';
import { stopSharedStack } from '../support/stack.js';
import './auth.cases.js';
import './gates.cases.js';
import './route-walker.cases.js';

// after every case's own `afterAll` (Jest runs a block's hooks in the order they are declared)
afterAll(() => stopSharedStack(), 120_000);
