/**
 * `make dev` keeps the tickets and identity services' secrets keys in .data: a second start gets the same key (what it sealed
 * opens again), while a key given in the environment wins.
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devSecretsKeys } from '../scripts/dev-secrets.mjs';

describe('devSecretsKeys', () => {
  it('generates TICKETS_SECRETS_KEY once and gives the same key on the next start', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'dev-secrets-')), '.data');
    const first = devSecretsKeys({}, dataDir).TICKETS_SECRETS_KEY;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(devSecretsKeys({}, dataDir).TICKETS_SECRETS_KEY).toBe(first);
    const file = join(dataDir, 'tickets-secrets.key');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('keeps IDENTITY_SECRETS_KEY apart from the tickets key, the same on every start', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'dev-secrets-')), '.data');
    const first = devSecretsKeys({}, dataDir);
    expect(first.IDENTITY_SECRETS_KEY).toMatch(/^[0-9a-f]{64}$/);
    expect(first.IDENTITY_SECRETS_KEY).not.toBe(first.TICKETS_SECRETS_KEY);
    expect(devSecretsKeys({}, dataDir).IDENTITY_SECRETS_KEY).toBe(first.IDENTITY_SECRETS_KEY);
    expect(statSync(join(dataDir, 'identity-secrets.key')).mode & 0o077).toBe(0);
  });

  it("uses the environment's key when one is given", () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'dev-secrets-')), '.data');
    const given = 'an-operator-given-secrets-key-0123456789';
    expect(devSecretsKeys({ TICKETS_SECRETS_KEY: given }, dataDir).TICKETS_SECRETS_KEY).toBe(given);
  });
});
