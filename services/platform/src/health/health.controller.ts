import { Controller, Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Probe } from '../tenancy/identity.decorators.js';
import { serveMetrics } from '../telemetry/telemetry.js';
import { HealthRegistry } from './health-registry.js';

@Probe()
@Controller()
export class HealthController {
  constructor(private readonly registry: HealthRegistry) {}

  @Get('health/live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('health/ready')
  async ready(@Res() response: Response): Promise<void> {
    const result = await this.registry.readiness();
    response
      .status(result.ready ? 200 : 503)
      .json({ status: result.ready ? 'ok' : 'unavailable', checks: result.checks, details: result.details });
  }

  @Get('metrics')
  metrics(@Req() request: Request, @Res() response: Response): void {
    serveMetrics(request, response);
  }
}
