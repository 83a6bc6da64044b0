import { Global, Module } from '@nestjs/common';
import { AccessTokenAuthenticator } from './access-token.authenticator.js';
import { AuthState } from './auth-state.js';
import { JwtStrategy } from './jwt.strategy.js';

@Global()
@Module({
  providers: [{ provide: AuthState, useFactory: () => new AuthState() }, JwtStrategy, AccessTokenAuthenticator],
  exports: [AccessTokenAuthenticator, AuthState],
})
export class AuthModule {}
