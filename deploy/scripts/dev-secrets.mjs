// The keys `make dev` keeps across restarts: data sealed with them lives in the database, which .data keeps too.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The key kept in `file` (one line, 64 hex characters), written there the first time (owner-only permissions). The
 * same key on every start, so what a service sealed with it (AI keys, integration credentials) opens again.
 */
export function keptKey(file) {
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32).toString('hex');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/** TICKETS_SECRETS_KEY and IDENTITY_SECRETS_KEY for `make dev`: the environment's, else the ones kept in `dataDir`. */
export function devSecretsKeys(env, dataDir) {
  return {
    TICKETS_SECRETS_KEY: env.TICKETS_SECRETS_KEY || keptKey(`${dataDir}/tickets-secrets.key`),
    IDENTITY_SECRETS_KEY: env.IDENTITY_SECRETS_KEY || keptKey(`${dataDir}/identity-secrets.key`),
  };
}
