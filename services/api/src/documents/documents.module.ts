import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { ProjectsModule } from '../projects/projects.module';
import { DocumentsController } from './documents.controller';
import { DocumentsReadModel } from './documents.read-model';
import { DocumentsService } from './documents.service';

@Module({
  imports: [ProjectsModule, FilesModule],
  controllers: [DocumentsController],
  providers: [DocumentsReadModel, DocumentsService],
  exports: [DocumentsReadModel, DocumentsService],
})
export class DocumentsModule {}
