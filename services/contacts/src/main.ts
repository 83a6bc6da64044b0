import 'reflect-metadata';
import { runService } from '@cs/platform/bootstrap';
import { contactsService } from './app.js';

await runService(contactsService);
