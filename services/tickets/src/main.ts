import 'reflect-metadata';
import { runService } from '@cs/platform/bootstrap';
import { ticketsService } from './app.js';

await runService(ticketsService);
