import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  type LoginRequest,
  LoginRequestSchema,
  REFRESH_COOKIE,
  REFRESH_TOKEN_TTL_SECONDS,
  type TwoFactorChallengeRequest,
  TwoFactorChallengeRequestSchema,
  type TwoFactorSetup,
  type TwoFactorVerifyRequest,
  TwoFactorVerifyRequestSchema,
} from '@cs/proto/http';
import { APP_CONFIG } from '@cs/platform/config';
import { DomainError } from '@cs/platform/errors';
import { ZodPipe } from '@cs/platform/http';
import { CurrentIdentity, IDENTITY_HEADERS, type Identity, Public } from '@cs/platform/tenancy';
import type { IdentityConfig } from '../../config/env.js';
import { UserEntity } from '../users/user.entity.js';
import { TransactionHost } from '@cs/platform/database';
import { type SessionUser, sessionUserAndClaims } from './session-user.js';
import type { ClientMeta } from './sessions.js';
import { EnrolTwoFactorUseCase } from './two-factor/use-cases/enrol-two-factor.use-case.js';
import { VerifySignInCodeUseCase } from './two-factor/use-cases/verify-sign-in-code.use-case.js';
import { LogInUseCase, type SignedIn } from './use-cases/log-in.use-case.js';
import { LogOutUseCase } from './use-cases/log-out.use-case.js';
import { RefreshSessionUseCase } from './use-cases/refresh-session.use-case.js';

const readCookie = (request: Request, name: string): string | undefined => {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return undefined;
};

const header = (request: Request, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The client as the gateway saw it (its address drives throttling). */
export const clientMetaOf = (request: Request): ClientMeta => ({
  ip: header(request, IDENTITY_HEADERS.clientIp) ?? request.ip ?? 'unknown',
  userAgent: header(request, 'user-agent') ?? null,
});

@Controller('auth')
export class AuthController {
  private readonly cookie: { httpOnly: true; secure: boolean; sameSite: 'lax' | 'strict' | 'none'; path: string };

  constructor(
    @Inject(APP_CONFIG) config: IdentityConfig,
    private readonly logIn: LogInUseCase,
    private readonly refresh: RefreshSessionUseCase,
    private readonly logOut: LogOutUseCase,
    private readonly transactions: TransactionHost,
    private readonly verifyCode: VerifySignInCodeUseCase,
    private readonly enrol: EnrolTwoFactorUseCase,
  ) {
    const secure = config.AUTH_COOKIE_SECURE ?? config.NODE_ENV === 'production';
    this.cookie = {
      httpOnly: true,
      secure: secure || config.AUTH_COOKIE_SAMESITE === 'none',
      sameSite: config.AUTH_COOKIE_SAMESITE,
      path: '/',
    };
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  async login(
    @Body(new ZodPipe(LoginRequestSchema)) body: LoginRequest,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ token: string; user: SessionUser }> {
    return this.answer(await this.logIn.execute(body, clientMetaOf(request)), response);
  }

  /** The second step of a sign-in with two-factor: the challenge of `POST /auth/login` and a code. */
  @Public()
  @Post('two-factor/verify')
  @HttpCode(200)
  async verifyTwoFactor(
    @Body(new ZodPipe(TwoFactorVerifyRequestSchema)) body: TwoFactorVerifyRequest,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ token: string; user: SessionUser }> {
    return this.answer(await this.verifyCode.execute(body, clientMetaOf(request)), response);
  }

  /** A sign-in that must enrol a second factor first: the secret to show as a QR code. */
  @Public()
  @Post('two-factor/enrolment')
  @HttpCode(200)
  beginEnrolment(
    @Body(new ZodPipe(TwoFactorChallengeRequestSchema)) body: TwoFactorChallengeRequest,
  ): Promise<TwoFactorSetup> {
    return this.enrol.beginForChallenge(body.challengeToken);
  }

  /** ...and its first code, which opens the session and hands out the recovery codes once. */
  @Public()
  @Post('two-factor/enrolment/confirm')
  @HttpCode(200)
  async confirmEnrolment(
    @Body(new ZodPipe(TwoFactorVerifyRequestSchema)) body: TwoFactorVerifyRequest,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ token: string; user: SessionUser; recoveryCodes: string[] }> {
    const signedIn = await this.enrol.confirmForChallenge(body, clientMetaOf(request));
    return { ...this.answer(signedIn, response), recoveryCodes: signedIn.recoveryCodes };
  }

  @Public()
  @Post('refresh_token')
  @HttpCode(200)
  async refreshToken(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ token: string; user: SessionUser }> {
    try {
      return this.answer(await this.refresh.execute(readCookie(request, REFRESH_COOKIE)), response);
    } catch (error) {
      if (error instanceof DomainError) response.clearCookie(REFRESH_COOKIE, this.cookie);
      throw error;
    }
  }

  @Delete('logout')
  @HttpCode(200)
  async logout(@CurrentIdentity() identity: Identity, @Res({ passthrough: true }) response: Response): Promise<void> {
    await this.logOut.execute(identity);
    response.clearCookie(REFRESH_COOKIE, this.cookie);
  }

  @Get('me')
  async me(@CurrentIdentity() identity: Identity): Promise<SessionUser> {
    const manager = this.transactions.manager;
    const user = await manager.findOne(UserEntity, { where: { id: identity.userId, companyId: identity.companyId } });
    if (!user) throw new DomainError('ERR_SESSION_EXPIRED');
    return (await sessionUserAndClaims(manager, user, identity.sessionId)).user;
  }

  private answer(signedIn: SignedIn, response: Response): { token: string; user: SessionUser } {
    response.cookie(REFRESH_COOKIE, signedIn.refreshToken, {
      ...this.cookie,
      maxAge: REFRESH_TOKEN_TTL_SECONDS * 1_000,
    });
    return { token: signedIn.token, user: signedIn.user };
  }
}
