import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '@cs/platform/config';
import type { GatewayConfig } from '../config/env.js';
import { AccessTokenVerifier } from './access-token.verifier.js';
import { AuthState } from './auth-state.js';

@Global()
@Module({
  providers: [
    {
      provide: AccessTokenVerifier,
      useFactory: (config: GatewayConfig) => new AccessTokenVerifier(config.AUTH_ACCESS_PUBLIC_KEY),
      inject: [APP_CONFIG],
    },
    { provide: AuthState, useFactory: () => new AuthState() },
  ],
  exports: [AccessTokenVerifier, AuthState],
})
export class AuthModule {}
