import 'reflect-metadata';
import { runService } from '@cs/platform/bootstrap';
import { campaignsService } from './app.js';

await runService(campaignsService);
