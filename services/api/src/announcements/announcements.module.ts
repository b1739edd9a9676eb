import { Module } from '@nestjs/common';
import { AnnouncementsController, LeadsController } from './announcements.controller';
import { AnnouncementsReadModel } from './announcements.read-model';
import { AnnouncementsService } from './announcements.service';

@Module({
  controllers: [AnnouncementsController, LeadsController],
  providers: [AnnouncementsReadModel, AnnouncementsService],
  exports: [AnnouncementsService, AnnouncementsReadModel],
})
export class AnnouncementsModule {}
