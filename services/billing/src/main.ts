import 'reflect-metadata';
import { runService } from '@cs/platform/bootstrap';
import { billingService } from './app.js';

await runService(billingService);
