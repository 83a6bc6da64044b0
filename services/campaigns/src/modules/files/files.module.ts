import { Module } from '@nestjs/common';
import { FilesController } from './files.controller.js';
import { FilesRepository } from './files.repository.js';

@Module({ controllers: [FilesController], providers: [FilesRepository], exports: [FilesRepository] })
export class FilesModule {}
