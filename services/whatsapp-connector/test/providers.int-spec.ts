/**
 * The providers without the app, in one test file: Baileys' session, auth store, inbound and outbound over a fake
 * socket and the run's PostgreSQL (`baileys/*.cases.ts`), the Cloud API provider against the fake Graph API and its
 * media URLs through the SSRF-safe client (`cloud-api/*.cases.ts`). They start no app and need no settings of their
 * own; under Jest every test file loads its modules again. One case file alone:
 * `--testPathPatterns whatsapp-connector/test/providers -t '<its describe>'`.
 */
import './baileys/auth-store.cases.js';
import './baileys/inbound.cases.js';
import './baileys/outbound.cases.js';
import './baileys/session-lifecycle.cases.js';
import './cloud-api/cloud-api-provider.cases.js';
import './cloud-api/media-url-ssrf.cases.js';
