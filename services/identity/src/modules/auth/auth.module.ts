import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { AccessTokenSigner } from './access-token.signer.js';
import { AuthController } from './auth.controller.js';
import { LoginThrottle } from './login-throttle.js';
import { LogInUseCase } from './use-cases/log-in.use-case.js';
import { LogOutUseCase } from './use-cases/log-out.use-case.js';
import { RefreshSessionUseCase } from './use-cases/refresh-session.use-case.js';

@Module({
  imports: [UsersModule],
  controllers: [AuthController],
  providers: [AccessTokenSigner, LoginThrottle, LogInUseCase, RefreshSessionUseCase, LogOutUseCase],
})
export class AuthModule {}
