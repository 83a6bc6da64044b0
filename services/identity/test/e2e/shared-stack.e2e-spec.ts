/**
 * Identity's cases through the gateway on the default stack (`sharedStack` of the gateway's test support: identity
 * and one gateway in this process): each `*.cases.ts` below, each with companies and users of its own (their
 * `beforeAll` hooks run before the first test, their `afterAll` hooks after the last). The files that start the
 * stack with a database, media store or settings of their own stay test files of their own. One case file alone:
 * `--testPathPatterns identity/test/e2e/shared-stack -t '<its describe>'`.
 */
import { afterAll } from '@jest/globals';
import { stopSharedStack } from '../../../../gateway/test/support/stack.js';
import './admin-routes-refused.cases.js';
import './identity-api.cases.js';
import './two-factor-and-audit.cases.js';
import './two-factor-recovery-and-sessions.cases.js';

// after every case's own `afterAll` (Jest runs a block's hooks in the order they are declared)
afterAll(() => stopSharedStack(), 120_000);
