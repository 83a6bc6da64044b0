import { Global, Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { HealthRegistry } from './health-registry.js';
import { ShutdownRegistry } from './shutdown-registry.js';

@Global()
@Module({
  controllers: [HealthController],
  providers: [HealthRegistry, ShutdownRegistry],
  exports: [HealthRegistry, ShutdownRegistry],
})
export class HealthModule {}
