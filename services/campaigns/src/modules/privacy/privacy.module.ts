import { Module } from '@nestjs/common';
import { ErasureConsumer } from './erasure.consumer.js';

/** LGPD: the person's campaign shippings, anonymised on request. */
@Module({ controllers: [ErasureConsumer] })
export class PrivacyModule {}
