// PostgreSQL's autovacuum for the length of `make bench`. Production runs with it (PostgreSQL's default), but a
// machine's server may have it off (this workplace's CI machines: /etc/postgresql/15/main/conf.d/90-ci.conf). Without
// it the stack's queue-like tables (every outbox, the simulator's inbox, tickets rewritten on every message) only
// grow dead rows over the run, and each step measures the steps before it (bench/README.md, inbound).
// `BENCH_AUTOVACUUM=as-is` measures the server as it is.
import { psql } from './report.mjs';

/**
 * Turns autovacuum on when the server has it off, and returns how to put it back (a no-op when nothing changed):
 * `ALTER SYSTEM` and a reload, undone the same way, so a server restarted in between keeps its own setting.
 */
export function autovacuumOn(log = console.log) {
  if (process.env.BENCH_AUTOVACUUM === 'as-is') return () => {};
  let setting;
  let source;
  try {
    [setting, source] = psql(
      "SELECT setting || '|' || coalesce(sourcefile, '') FROM pg_settings WHERE name = 'autovacuum'",
    ).split('|');
  } catch (error) {
    log(`  (autovacuum not checked: ${error.message.split('\n')[0]})`);
    return () => {};
  }
  if (setting === 'on') return () => {};
  // off from ALTER SYSTEM itself: put that back; off from a configuration file: drop our override
  const restore = source?.endsWith('postgresql.auto.conf')
    ? 'ALTER SYSTEM SET autovacuum = off'
    : 'ALTER SYSTEM RESET autovacuum';
  try {
    psql('ALTER SYSTEM SET autovacuum = on');
    psql('SELECT pg_reload_conf()');
  } catch (error) {
    log(`  (the server has autovacuum off and it could not be turned on: ${error.message.split('\n')[0]})`);
    return () => {};
  }
  log(`  the server had autovacuum off (${source || 'its settings'}): on for this run, as in production`);
  let restored = false;
  return () => {
    if (restored) return;
    restored = true;
    psql(restore);
    psql('SELECT pg_reload_conf()');
    log('  autovacuum put back as the server had it (off)');
  };
}
