import 'reflect-metadata';
import { runService } from '@cs/platform/bootstrap';
import { identityService } from './app.js';

await runService(identityService);
