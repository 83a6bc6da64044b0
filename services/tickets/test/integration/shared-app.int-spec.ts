/**
 * Tickets' behaviour through one in-process app (`sharedHarness`, support/harness.ts): every `*.cases.ts` of this
 * folder, each with companies of its own. Under Jest every test file loads the service's modules and starts its app,
 * topics and consumers again; these cases need nothing of their own from the app, so they share one. The files that
 * start the app with settings of their own (`new Harness({...})`) or stop its jobs stay test files of their own. One
 * case file alone: `--testPathPatterns shared-app -t '<its describe>'`.
 */
import { afterAll } from '@jest/globals';
import { sharedHarness } from '../support/harness.js';
import './campaign-history.cases.js';
import './chatbot.cases.js';
import './chats.cases.js';
import './dashboard.cases.js';
import './erasure.cases.js';
import './inbound-and-lifecycle.cases.js';
import './inbound-round-trips.cases.js';
import './live-quotes.cases.js';
import './message-counts.cases.js';
import './message-edit.cases.js';
import './message-templates.cases.js';
import './quick-messages-and-notes.cases.js';
import './refused-media.cases.js';
import './schedules.cases.js';
import './security.cases.js';
import './tags-and-kanban.cases.js';
import './tenancy.cases.js';
import './ticket-list.cases.js';
import './ticket-timers.cases.js';

// after every case's own `afterAll` (Jest runs a block's hooks in the order they are declared)
afterAll(() => sharedHarness().stop(), 120_000);
