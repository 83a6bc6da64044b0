import { Controller, Get, type INestApplication, Module } from '@nestjs/common';
import { APP_GUARD, Reflector } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { AllExceptionsFilter } from '../errors/all-exceptions.filter.js';
import { CompanyIdParam, Probe, Public, Roles, SuperOnly } from './identity.decorators.js';
import { IdentityGuard } from './identity.guard.js';

const TOKEN = 'internal-token-for-tests';

@Controller()
class ProbeController {
  @Get('open') @Probe() open() {
    return { ok: true };
  }
  @Get('public') @Public() pub() {
    return { ok: true };
  }
  @Get('mine') mine(@CompanyIdParam() companyId: number) {
    return { companyId };
  }
  @Get('admin') @Roles('admin') admin() {
    return { ok: true };
  }
  @Get('super') @SuperOnly() sup() {
    return { ok: true };
  }
}

@Module({
  controllers: [ProbeController],
  providers: [
    {
      provide: APP_GUARD,
      useFactory: (reflector: Reflector) => new IdentityGuard(reflector, TOKEN),
      inject: [Reflector],
    },
  ],
})
class ProbeModule {}

describe(IdentityGuard.name, () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [ProbeModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.useGlobalFilters(new AllExceptionsFilter(pino({ level: 'silent' })));
    await app.listen(0, '127.0.0.1');
    const server = app.getHttpServer() as { address(): AddressInfo };
    base = `http://127.0.0.1:${server.address().port}`;
  });
  afterAll(() => app.close());

  const call = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, { headers });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const user = (profile: string, extra: Record<string, string> = {}) => ({
    'x-internal-token': TOKEN,
    'x-company-id': '7',
    'x-user-id': '70',
    'x-user-profile': profile,
    ...extra,
  });

  it('lets probes through without any credential', async () => {
    expect((await call('/open')).status).toBe(200);
  });

  it('refuses calls that did not come through the gateway, even public ones', async () => {
    expect(await call('/public')).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect((await call('/mine', { ...user('admin'), 'x-internal-token': 'guessed-token-value' })).status).toBe(401);
  });

  it('requires a user identity unless the route is public', async () => {
    expect((await call('/public', { 'x-internal-token': TOKEN })).status).toBe(200);
    expect(await call('/mine', { 'x-internal-token': TOKEN })).toMatchObject({
      status: 401,
      body: { error: 'ERR_SESSION_EXPIRED' },
    });
    expect(await call('/mine', user('user'))).toEqual({ status: 200, body: { companyId: 7 } });
  });

  it('enforces profiles and the super flag', async () => {
    expect(await call('/admin', user('user'))).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await call('/admin', user('admin'))).status).toBe(200);
    expect(await call('/super', user('admin'))).toMatchObject({ status: 403, body: { error: 'ERR_NO_SUPER' } });
    expect((await call('/super', user('user', { 'x-user-super': 'true' }))).status).toBe(200);
  });
});
