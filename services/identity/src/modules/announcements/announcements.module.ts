import { Module } from '@nestjs/common';
import { AnnouncementsController } from './announcements.controller.js';
import { AnnouncementMediaStore } from './media-store.js';
import { SaveAnnouncementUseCase } from './use-cases/save-announcement.use-case.js';

@Module({ controllers: [AnnouncementsController], providers: [AnnouncementMediaStore, SaveAnnouncementUseCase] })
export class AnnouncementsModule {}
