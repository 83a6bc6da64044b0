import { Module } from '@nestjs/common';
import { mediaObjectStoreProvider } from '@cs/platform/storage';
import { AnnouncementsController } from './announcements.controller.js';
import { AnnouncementMediaStore } from './media-store.js';
import { SaveAnnouncementUseCase } from './use-cases/save-announcement.use-case.js';

@Module({
  controllers: [AnnouncementsController],
  providers: [mediaObjectStoreProvider, AnnouncementMediaStore, SaveAnnouncementUseCase],
})
export class AnnouncementsModule {}
