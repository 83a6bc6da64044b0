import { Module } from '@nestjs/common';
import { QueuesRepository } from './queues.repository.js';

/** The queues' company-scoped SQL, shared with the chatbot and the ticket flows. */
@Module({ providers: [QueuesRepository], exports: [QueuesRepository] })
export class QueuesDataModule {}
