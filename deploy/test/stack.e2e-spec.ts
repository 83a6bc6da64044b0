/**
 * The system cases through one full stack (`sharedStack`: every deployable as its own process on the run's
 * PostgreSQL and Kafka): each `*.cases.ts` of this folder in the order below, each case's hooks around its own tests.
 * A stack's start is most of a small case's cost, and these cases need no settings of their own from it. The fuzz
 * cases go last: their probes may change the demo company's records, as any client's requests could. The files that
 * start the deployables in shapes of their own (`make dev`, one machine, the Kubernetes manifests) stay test files
 * of their own. One case file alone: `--testPathPatterns deploy/test/stack -t '<its describe>'`.
 */
import { afterAll } from '@jest/globals';
import { stopSharedStack } from './support/shared-stack.js';
import './conversation.cases.js';
import './upstream-client.cases.js';
import './billing-payment.cases.js';
import './fuzz.cases.js';

// after every case's own `afterAll` (Jest runs a block's hooks in the order they are declared)
afterAll(() => stopSharedStack(), 120_000);
