import 'reflect-metadata';
import { runService } from '@cs/platform/bootstrap';
import { gatewayService } from './app.js';

await runService(gatewayService);
