import { Module } from '@nestjs/common';
import { RealtimeConsumer } from './realtime.consumer.js';
import { SocketServer } from './socket-server.js';

@Module({ controllers: [RealtimeConsumer], providers: [SocketServer], exports: [SocketServer] })
export class RealtimeModule {}
