import 'reflect-metadata';
import { runService } from '@cs/platform/bootstrap';
import { whatsappConnectorService } from './app.js';

await runService(whatsappConnectorService);
