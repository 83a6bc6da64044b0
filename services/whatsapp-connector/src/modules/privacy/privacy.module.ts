import { Module } from '@nestjs/common';
import { ErasureConsumer } from './erasure.consumer.js';

/** LGPD: the connector's caches of a person and the stored media of their messages, erased on request. */
@Module({ controllers: [ErasureConsumer] })
export class PrivacyModule {}
