import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { ErasureConsumer } from './erasure.consumer.js';

/** LGPD: the person's data tickets holds, erased on request. */
@Module({ imports: [MediaModule], controllers: [ErasureConsumer] })
export class PrivacyModule {}
