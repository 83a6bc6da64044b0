import { Module } from '@nestjs/common';
import { TicketTimers } from './ticket-timers.js';

@Module({ providers: [TicketTimers] })
export class ChatbotModule {}
