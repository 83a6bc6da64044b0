/**
 * LGPD requests in campaigns through one app (`sharedCampaigns`, support/service.ts): the erasure and export cases
 * (`*.cases.ts`), each with companies of its own; they need no settings of their own from the service. One case file
 * alone: `--testPathPatterns campaigns/test/integration/privacy -t '<its describe>'`.
 */
import { afterAll } from '@jest/globals';
import { stopSharedCampaigns } from '../support/service.js';
import './erasure.cases.js';
import './export.cases.js';

// after every case's own `afterAll` (Jest runs a block's hooks in the order they are declared)
afterAll(() => stopSharedCampaigns(), 120_000);
