import 'reflect-metadata';
import { PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { ACCESS_METADATA, ROLES_METADATA } from '@cs/platform/tenancy';
import { AnnouncementsController } from './modules/announcements/announcements.controller.js';
import { AuditController } from './modules/audit/audit.controller.js';
import { AuthController } from './modules/auth/auth.controller.js';
import { TwoFactorController, TwoFactorResetController } from './modules/auth/two-factor/two-factor.controller.js';
import { CompaniesController, CompaniesPlanController } from './modules/companies/companies.controller.js';
import { HelpsController } from './modules/helps/helps.controller.js';
import { PlansController } from './modules/plans/plans.controller.js';
import { PlatformSettingsController } from './modules/platform-settings/platform-settings.controller.js';
import { SettingsController } from './modules/settings/settings.controller.js';
import { PresenceController, UsersController } from './modules/users/users.controller.js';

const CONTROLLERS = [
  AuthController,
  UsersController,
  PresenceController,
  CompaniesController,
  CompaniesPlanController,
  PlansController,
  SettingsController,
  HelpsController,
  AnnouncementsController,
  TwoFactorController,
  TwoFactorResetController,
  PlatformSettingsController,
  AuditController,
];

/** Every HTTP handler of identity with its access rule, read from Nest's metadata (the guard enforces these). */
function routes(): Array<{ route: string; access: string; roles: string[] }> {
  return CONTROLLERS.flatMap((controller) => {
    const prefix = Reflect.getMetadata(PATH_METADATA, controller) as string;
    const prototype = controller.prototype as unknown as Record<string, unknown>;
    return Object.getOwnPropertyNames(prototype)
      .filter((name) => name !== 'constructor' && Reflect.hasMetadata(PATH_METADATA, prototype[name] as object))
      .map((name) => {
        const handler = prototype[name] as object;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string;
        return {
          route: `${method} /${prefix}${path === '/' ? '' : `/${path}`}`,
          // the handler's rule, else its controller's (the guard's getAllAndOverride order)
          access:
            (Reflect.getMetadata(ACCESS_METADATA, handler) as string | undefined) ??
            (Reflect.getMetadata(ACCESS_METADATA, controller) as string | undefined) ??
            'authenticated',
          roles:
            (Reflect.getMetadata(ROLES_METADATA, handler) as string[] | undefined) ??
            (Reflect.getMetadata(ROLES_METADATA, controller) as string[] | undefined) ??
            [],
        };
      });
  });
}

describe('identity routes', () => {
  it('needs a user on every route except the ones listed as public', () => {
    const open = routes()
      .filter((route) => route.access !== 'authenticated')
      .map((route) => `${route.route} (${route.access})`);
    expect(open.sort()).toEqual(
      [
        'GET /announcements/media/:file (public)',
        'GET /plans/all (public)',
        'GET /plans/list (public)',
        'POST /auth/login (public)',
        'POST /auth/refresh_token (public)',
        // the second step of a sign-in: the challenge token of the password step authenticates it
        'POST /auth/two-factor/enrolment (public)',
        'POST /auth/two-factor/enrolment/confirm (public)',
        'POST /auth/two-factor/verify (public)',
        'POST /companies/cadastro (public)',
      ].sort(),
    );
  });

  it('keeps platform administration to super users and user management to admins', () => {
    const roles = Object.fromEntries(routes().map((route) => [route.route, route.roles.join(',')]));
    for (const route of [
      'GET /companies',
      'POST /companies',
      'PUT /companies/:id',
      'DELETE /companies/:id',
      'POST /plans',
      'DELETE /plans/:id',
      'POST /helps',
      'GET /platform-settings',
      'PUT /platform-settings/:key',
    ]) {
      expect([route, roles[route]]).toEqual([route, 'super']);
    }
    for (const route of [
      'POST /users',
      'DELETE /users/:id',
      'PUT /settings/:key',
      'DELETE /users/:id/two-factor',
      'GET /audit-logs',
      'GET /audit-logs/actors',
    ])
      expect([route, roles[route]]).toEqual([route, 'admin']);
  });
});
