import { Module } from '@nestjs/common';
import { APP_CONFIG } from '@cs/platform/config';
import { UsersModule } from '../users/users.module.js';
import { AccessTokenSigner } from './access-token.signer.js';
import { AuthController } from './auth.controller.js';
import { LoginThrottle } from './login-throttle.js';
import { SignIn } from './sign-in.js';
import { TwoFactorCodes } from './two-factor/two-factor-codes.js';
import { TwoFactorController, TwoFactorResetController } from './two-factor/two-factor.controller.js';
import { TwoFactorPolicy } from './two-factor/two-factor.policy.js';
import { TwoFactorQueries } from './two-factor/two-factor.queries.js';
import { IdentitySecretBox, identitySecretBox, TwoFactorStore } from './two-factor/two-factor.store.js';
import { DisableTwoFactorUseCase } from './two-factor/use-cases/disable-two-factor.use-case.js';
import { EnrolTwoFactorUseCase } from './two-factor/use-cases/enrol-two-factor.use-case.js';
import { RegenerateRecoveryCodesUseCase } from './two-factor/use-cases/regenerate-recovery-codes.use-case.js';
import { ResetTwoFactorUseCase } from './two-factor/use-cases/reset-two-factor.use-case.js';
import { VerifySignInCodeUseCase } from './two-factor/use-cases/verify-sign-in-code.use-case.js';
import { LogInUseCase } from './use-cases/log-in.use-case.js';
import { LogOutUseCase } from './use-cases/log-out.use-case.js';
import { RefreshSessionUseCase } from './use-cases/refresh-session.use-case.js';

/** Sign-in (password, then a second factor where enrolled or required), sessions and refresh tokens. */
@Module({
  imports: [UsersModule],
  controllers: [AuthController, TwoFactorController, TwoFactorResetController],
  providers: [
    { provide: IdentitySecretBox, useFactory: identitySecretBox, inject: [APP_CONFIG] },
    AccessTokenSigner,
    LoginThrottle,
    SignIn,
    TwoFactorStore,
    TwoFactorPolicy,
    TwoFactorCodes,
    TwoFactorQueries,
    LogInUseCase,
    RefreshSessionUseCase,
    LogOutUseCase,
    VerifySignInCodeUseCase,
    EnrolTwoFactorUseCase,
    DisableTwoFactorUseCase,
    RegenerateRecoveryCodesUseCase,
    ResetTwoFactorUseCase,
  ],
})
export class AuthModule {}
