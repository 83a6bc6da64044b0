/**
 * The database layer on the run's PostgreSQL, in one test file: `TransactionHost`, the group commit, the LISTEN
 * connection, prepared statements, and the outbox's take window, NOTIFY and relay on its LISTEN connection
 * (`*.cases.ts`, each in a schema of its own with its hooks inside its describe). None starts an app or needs topics
 * of its own; under Jest every test file loads its modules again. One case file alone:
 * `--testPathPatterns platform/test/integration/database -t '<its describe>'`.
 */
import './group-commit.cases.js';
import './outbox-quiet-notify.cases.js';
import './outbox-take-window.cases.js';
import './pg-listener.cases.js';
import './prepared-statements.cases.js';
import './transaction-host.cases.js';
