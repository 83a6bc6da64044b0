import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { mapRows, type SqlRow } from '@cs/platform/database';
import type { UserEntity } from '../../users/user.entity.js';
import { mustUseTwoFactor } from './two-factor.rules.js';
import { TwoFactorStore } from './two-factor.store.js';

export type SecondStep = 'none' | 'verify' | 'enrol';

/**
 * Whether a user must sign in with a second factor (the company's `twoFactorRequired`, the platform's
 * `twoFactorRequiredForAdmins`), and what their sign-in asks after the password.
 */
@Injectable()
export class TwoFactorPolicy {
  constructor(private readonly store: TwoFactorStore) {}

  async requires(manager: EntityManager, user: Pick<UserEntity, 'companyId' | 'profile' | 'super'>): Promise<boolean> {
    const rows = await manager.query<SqlRow[]>(
      `SELECT
         COALESCE((SELECT value FROM settings WHERE company_id = $1 AND key = 'twoFactorRequired'), 'disabled') AS company,
         COALESCE((SELECT value FROM platform_settings WHERE key = 'twoFactorRequiredForAdmins'), 'disabled') AS platform`,
      [user.companyId],
    );
    const [settings] = mapRows(rows, (row) => ({ company: row.string('company'), platform: row.string('platform') }));
    return mustUseTwoFactor({
      companyRequires: settings?.company === 'enabled',
      platformRequiresAdmins: settings?.platform === 'enabled',
      profile: user.profile,
      isSuper: user.super,
    });
  }

  /** After a right password: a code (`verify`), an enrolment first (`enrol`), or nothing more (`none`). */
  async secondStepOf(manager: EntityManager, user: UserEntity): Promise<SecondStep> {
    const stored = await this.store.find(manager, user.companyId, user.id);
    if (stored?.confirmedAt) return 'verify';
    return (await this.requires(manager, user)) ? 'enrol' : 'none';
  }
}
