import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  type TwoFactorCodeRequest,
  TwoFactorCodeRequestSchema,
  type TwoFactorRecoveryCodes,
  type TwoFactorRecoveryCodesRequest,
  TwoFactorRecoveryCodesRequestSchema,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@cs/proto/http';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CurrentIdentity, type Identity, Roles } from '@cs/platform/tenancy';
import { clientMetaOf } from '../auth.controller.js';
import { TwoFactorQueries } from './two-factor.queries.js';
import { DisableTwoFactorUseCase } from './use-cases/disable-two-factor.use-case.js';
import { EnrolTwoFactorUseCase } from './use-cases/enrol-two-factor.use-case.js';
import { RegenerateRecoveryCodesUseCase } from './use-cases/regenerate-recovery-codes.use-case.js';
import { ResetTwoFactorUseCase } from './use-cases/reset-two-factor.use-case.js';

/** A signed-in user's own second factor. */
@Controller('auth/two-factor')
export class TwoFactorController {
  constructor(
    private readonly queries: TwoFactorQueries,
    private readonly enrol: EnrolTwoFactorUseCase,
    private readonly disable: DisableTwoFactorUseCase,
    private readonly regenerate: RegenerateRecoveryCodesUseCase,
  ) {}

  @Get()
  status(@CurrentIdentity() caller: Identity): Promise<TwoFactorStatus> {
    return this.queries.status(caller);
  }

  @Post('setup')
  @HttpCode(200)
  setup(@CurrentIdentity() caller: Identity): Promise<TwoFactorSetup> {
    return this.enrol.begin(caller);
  }

  @Post('setup/confirm')
  @HttpCode(200)
  async confirm(
    @CurrentIdentity() caller: Identity,
    @Body(new ZodPipe(TwoFactorCodeRequestSchema)) body: TwoFactorCodeRequest,
    @Req() request: Request,
  ): Promise<TwoFactorRecoveryCodes> {
    return { recoveryCodes: await this.enrol.confirm(caller, body.code, clientMetaOf(request).ip) };
  }

  @Post('recovery-codes')
  @HttpCode(200)
  async newRecoveryCodes(
    @CurrentIdentity() caller: Identity,
    @Body(new ZodPipe(TwoFactorRecoveryCodesRequestSchema)) body: TwoFactorRecoveryCodesRequest,
    @Req() request: Request,
  ): Promise<TwoFactorRecoveryCodes> {
    return { recoveryCodes: await this.regenerate.execute(caller, body, clientMetaOf(request).ip) };
  }

  @Post('disable')
  @HttpCode(200)
  turnOff(
    @CurrentIdentity() caller: Identity,
    @Body(new ZodPipe(TwoFactorCodeRequestSchema)) body: TwoFactorCodeRequest,
    @Req() request: Request,
  ): Promise<TwoFactorStatus> {
    return this.disable.execute(caller, body.code, clientMetaOf(request).ip);
  }
}

/** An admin resets a user's second factor (a lost phone). */
@Controller('users')
export class TwoFactorResetController {
  constructor(private readonly reset: ResetTwoFactorUseCase) {}

  @Roles('admin')
  @Delete(':id/two-factor')
  @HttpCode(200)
  async remove(
    @CurrentIdentity() caller: Identity,
    @Param('id', new IdPipe('ERR_NO_USER_FOUND')) id: number,
  ): Promise<{ message: string }> {
    await this.reset.execute(caller, id);
    return { message: 'Two-factor sign-in reset' };
  }
}
