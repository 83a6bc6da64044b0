import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG } from '@cs/platform/config';
import type { ConnectorConfig } from '../../config/env.js';
import type { ProviderSession, SessionContext, SessionProvider } from '../provider.port.js';
import { SimulatorSession } from './simulator.session.js';

/** The `simulator` provider: a local phone network in PostgreSQL for demos, development and tests. */
@Injectable()
export class SimulatorProvider implements SessionProvider {
  readonly name = 'simulator' as const;

  constructor(@Inject(APP_CONFIG) private readonly config: ConnectorConfig) {}

  open(context: SessionContext): ProviderSession {
    return new SimulatorSession(context, {
      qrRefreshMs: this.config.SIMULATOR_QR_REFRESH_MS,
      autoScanMs: this.config.SIMULATOR_AUTO_SCAN_MS,
      pollMs: this.config.SIMULATOR_POLL_MS,
    });
  }

  /** Forgets the simulated phone's link (a new QR is needed). */
  async wipe(connectionId: number, manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM simulator_devices WHERE connection_id = $1', [connectionId]);
  }
}
