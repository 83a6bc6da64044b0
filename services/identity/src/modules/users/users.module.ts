import { Module } from '@nestjs/common';
import { APP_CONFIG } from '@cs/platform/config';
import { type IdentityConfig, passwordHashCost } from '../../config/env.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { PresenceController, UsersController } from './users.controller.js';
import { UsersQueries } from './users.queries.js';
import { CreateUserUseCase } from './use-cases/create-user.use-case.js';
import { DeleteUserUseCase } from './use-cases/delete-user.use-case.js';
import { RecordPresenceUseCase } from './use-cases/record-presence.use-case.js';
import { UpdateUserUseCase } from './use-cases/update-user.use-case.js';

@Module({
  controllers: [UsersController, PresenceController],
  providers: [
    {
      provide: PasswordHasher,
      useFactory: (config: IdentityConfig) => new PasswordHasher(passwordHashCost(config)),
      inject: [APP_CONFIG],
    },
    UsersQueries,
    CreateUserUseCase,
    UpdateUserUseCase,
    DeleteUserUseCase,
    RecordPresenceUseCase,
  ],
  exports: [CreateUserUseCase, PasswordHasher],
})
export class UsersModule {}
