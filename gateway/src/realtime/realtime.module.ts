import { Module } from '@nestjs/common';
import { RealtimeConsumer } from './realtime.consumer.js';
import { RealtimeResync } from './realtime-resync.js';
import { SocketServer } from './socket-server.js';

@Module({ controllers: [RealtimeConsumer], providers: [SocketServer, RealtimeResync], exports: [SocketServer] })
export class RealtimeModule {}
