import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { QuickMessagesController } from './quick-messages.controller.js';
import { QuickMessagesMapper } from './quick-messages.mapper.js';
import { QuickMessagesQueries } from './quick-messages.queries.js';
import { QuickMessagesRepository } from './quick-messages.repository.js';
import { CreateQuickMessageUseCase } from './use-cases/create-quick-message.use-case.js';
import { DeleteQuickMessageUseCase } from './use-cases/delete-quick-message.use-case.js';
import { SetQuickMessageMediaUseCase } from './use-cases/set-quick-message-media.use-case.js';
import { UpdateQuickMessageUseCase } from './use-cases/update-quick-message.use-case.js';

/** Quick replies (`/shortcode` in the message input), shared with the company or personal. */
@Module({
  imports: [MediaModule],
  controllers: [QuickMessagesController],
  providers: [
    QuickMessagesRepository,
    QuickMessagesQueries,
    QuickMessagesMapper,
    CreateQuickMessageUseCase,
    UpdateQuickMessageUseCase,
    DeleteQuickMessageUseCase,
    SetQuickMessageMediaUseCase,
  ],
})
export class QuickMessagesModule {}
