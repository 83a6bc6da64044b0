import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { mapRows, returningRows, type SqlRow } from '@cs/platform/database';
import { configuredSecretBox, SecretBox } from '@cs/platform/secrets';
import type { IdentityConfig } from '../../../config/env.js';
import {
  CHALLENGE_TTL_SECONDS,
  hashChallengeToken,
  hashRecoveryCode,
  newChallengeToken,
  newRecoveryCodes,
  normalizeRecoveryCode,
} from './two-factor.rules.js';

export interface StoredTwoFactor {
  /** The authenticator secret, opened. */
  readonly secret: string;
  /** Null while enrolment waits for its first code. */
  readonly confirmedAt: string | null;
  readonly lastUsedStep: number | null;
}

export type ChallengePurpose = 'verify' | 'enrol';

export interface Challenge {
  readonly companyId: number;
  readonly userId: number;
  readonly purpose: ChallengePurpose;
}

/** The seal of identity's stored secrets (IDENTITY_SECRETS_KEY), provided by the auth module. */
export class IdentitySecretBox extends SecretBox {}

/** The seal of the users' authenticator secrets: keyed by IDENTITY_SECRETS_KEY, required in production. */
export function identitySecretBox(
  config: Pick<IdentityConfig, 'NODE_ENV' | 'IDENTITY_SECRETS_KEY' | 'INTERNAL_TOKEN'>,
): IdentitySecretBox {
  return configuredSecretBox(
    {
      setting: 'IDENTITY_SECRETS_KEY',
      key: config.IDENTITY_SECRETS_KEY,
      purpose: 'identity-secrets',
      internalToken: config.INTERNAL_TOKEN,
      nodeEnv: config.NODE_ENV,
    },
    IdentitySecretBox,
  );
}

/**
 * Two-factor state in identity's tables: the sealed secret and the last accepted time step (`user_two_factor`),
 * recovery codes as hashes, and sign-in challenges as hashes. Every method is scoped by the user's company.
 */
@Injectable()
export class TwoFactorStore {
  constructor(private readonly box: IdentitySecretBox) {}

  async find(manager: EntityManager, companyId: number, userId: number): Promise<StoredTwoFactor | null> {
    const rows = await manager.query<SqlRow[]>(
      `SELECT secret_enc, confirmed_at, last_used_step FROM user_two_factor WHERE company_id = $1 AND user_id = $2`,
      [companyId, userId],
    );
    const [found] = mapRows(rows, (row) => ({
      secret: this.box.open(row.string('secret_enc')),
      confirmedAt: row.nullable('confirmed_at', row.isoDate),
      lastUsedStep: row.nullable('last_used_step', row.int),
    }));
    return found ?? null;
  }

  /** A new secret waiting for its first code (replaces a previous pending one, never a confirmed one). */
  async savePending(manager: EntityManager, companyId: number, userId: number, secret: string): Promise<boolean> {
    const rows = await returningRows<SqlRow>(
      manager,
      `INSERT INTO user_two_factor (company_id, user_id, secret_enc) VALUES ($1, $2, $3)
       ON CONFLICT (company_id, user_id) DO UPDATE
         SET secret_enc = EXCLUDED.secret_enc, last_used_step = NULL, created_at = now()
         WHERE user_two_factor.confirmed_at IS NULL
       RETURNING user_id`,
      [companyId, userId, this.box.seal(secret)],
    );
    return rows.length === 1;
  }

  /**
   * Remembers `step` as used, only if it is later than the last used one: two requests with the same code cannot
   * both pass. `confirm` also marks a pending enrolment as confirmed.
   */
  async useStep(
    manager: EntityManager,
    companyId: number,
    userId: number,
    step: number,
    options: { confirm?: boolean } = {},
  ): Promise<boolean> {
    const rows = await returningRows<SqlRow>(
      manager,
      `UPDATE user_two_factor
          SET last_used_step = $3, confirmed_at = CASE WHEN $4 THEN COALESCE(confirmed_at, now()) ELSE confirmed_at END
        WHERE company_id = $1 AND user_id = $2 AND (last_used_step IS NULL OR last_used_step < $3)
          AND (confirmed_at IS NOT NULL OR $4)
        RETURNING user_id`,
      [companyId, userId, step, options.confirm === true],
    );
    return rows.length === 1;
  }

  /**
   * Replaces the user's recovery codes by a new set: the codes as the user is shown them, once (only their hashes,
   * of the normalized form, are kept).
   */
  async issueRecoveryCodes(manager: EntityManager, companyId: number, userId: number): Promise<string[]> {
    const shown = newRecoveryCodes();
    const normalized = shown.map((code) => normalizeRecoveryCode(code) ?? code);
    await manager.query('DELETE FROM two_factor_recovery_codes WHERE company_id = $1 AND user_id = $2', [
      companyId,
      userId,
    ]);
    await manager.query(
      `INSERT INTO two_factor_recovery_codes (company_id, user_id, code_hash)
       SELECT $1, $2, h FROM unnest($3::text[]) AS h`,
      [companyId, userId, normalized.map(hashRecoveryCode)],
    );
    return shown;
  }

  /** Spends a recovery code: true once per code, whoever asks at the same moment. */
  async useRecoveryCode(
    manager: EntityManager,
    companyId: number,
    userId: number,
    normalized: string,
  ): Promise<boolean> {
    const rows = await returningRows<SqlRow>(
      manager,
      `UPDATE two_factor_recovery_codes SET used_at = now()
        WHERE company_id = $1 AND user_id = $2 AND code_hash = $3 AND used_at IS NULL
        RETURNING user_id`,
      [companyId, userId, hashRecoveryCode(normalized)],
    );
    return rows.length === 1;
  }

  async recoveryCodesLeft(manager: EntityManager, companyId: number, userId: number): Promise<number> {
    const [row] = mapRows(
      await manager.query<SqlRow[]>(
        `SELECT count(*)::int AS left FROM two_factor_recovery_codes
          WHERE company_id = $1 AND user_id = $2 AND used_at IS NULL`,
        [companyId, userId],
      ),
      (r) => r.int('left'),
    );
    return row ?? 0;
  }

  /** Removes the user's second factor entirely (secret, recovery codes, open challenges); whether one existed. */
  async remove(manager: EntityManager, companyId: number, userId: number): Promise<'confirmed' | 'pending' | null> {
    const rows = await returningRows<SqlRow>(
      manager,
      'DELETE FROM user_two_factor WHERE company_id = $1 AND user_id = $2 RETURNING confirmed_at',
      [companyId, userId],
    );
    await manager.query('DELETE FROM two_factor_recovery_codes WHERE company_id = $1 AND user_id = $2', [
      companyId,
      userId,
    ]);
    await manager.query('DELETE FROM two_factor_challenges WHERE company_id = $1 AND user_id = $2', [
      companyId,
      userId,
    ]);
    const [removed] = mapRows(rows, (row): 'confirmed' | 'pending' =>
      row.isNull('confirmed_at') ? 'pending' : 'confirmed',
    );
    return removed ?? null;
  }

  /** Opens a sign-in challenge; returns the token (in clear, once). Expired challenges are swept on the way. */
  async openChallenge(
    manager: EntityManager,
    companyId: number,
    userId: number,
    purpose: ChallengePurpose,
  ): Promise<string> {
    const { token, hash } = newChallengeToken();
    await manager.query('DELETE FROM two_factor_challenges WHERE expires_at < now()');
    await manager.query(
      `INSERT INTO two_factor_challenges (token_hash, company_id, user_id, purpose, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
      [hash, companyId, userId, purpose, CHALLENGE_TTL_SECONDS],
    );
    return token;
  }

  /** The live challenge of a token, or null (unknown, expired or already used). */
  async findChallenge(manager: EntityManager, token: string): Promise<Challenge | null> {
    const rows = await manager.query<SqlRow[]>(
      `SELECT company_id, user_id, purpose FROM two_factor_challenges WHERE token_hash = $1 AND expires_at > now()`,
      [hashChallengeToken(token)],
    );
    const [found] = mapRows(rows, (row) => ({
      companyId: row.int('company_id'),
      userId: row.int('user_id'),
      purpose: row.oneOf('purpose', ['verify', 'enrol'] as const),
    }));
    return found ?? null;
  }

  /** Ends a challenge once it led to a session: true only for the first caller. */
  async closeChallenge(manager: EntityManager, token: string): Promise<boolean> {
    const rows = await returningRows<SqlRow>(
      manager,
      'DELETE FROM two_factor_challenges WHERE token_hash = $1 RETURNING user_id',
      [hashChallengeToken(token)],
    );
    return rows.length === 1;
  }
}
