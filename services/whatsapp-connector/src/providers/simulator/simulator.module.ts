import { type DynamicModule, Module } from '@nestjs/common';
import { SimulatorController } from './simulator.controller.js';
import { SimulatorProvider } from './simulator.provider.js';

/** The simulator provider, with its dev API (`/simulator/...`) only when enabled. */
@Module({})
export class SimulatorModule {
  static forRoot(enabled: boolean): DynamicModule {
    return {
      module: SimulatorModule,
      controllers: enabled ? [SimulatorController] : [],
      providers: [SimulatorProvider],
      exports: [SimulatorProvider],
    };
  }
}
