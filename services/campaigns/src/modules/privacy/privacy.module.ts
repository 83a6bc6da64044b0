import { Module } from '@nestjs/common';
import { ErasureConsumer } from './erasure.consumer.js';
import { ExportConsumer } from './export.consumer.js';

/** LGPD: the person's campaign shippings, anonymised on request and sent to tickets for an export. */
@Module({ controllers: [ErasureConsumer, ExportConsumer] })
export class PrivacyModule {}
