import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { NotificationsModule } from '../notifications/notifications.module';
import { FilesModule } from '../files/files.module';
import { UsersModule } from '../users/users.module';
import { PROSPECT_COMMAND_HANDLERS } from './commands/prospect-command.handlers';
import { CompanyLinkController } from './company-link.controller';
import { ProspectsController } from './prospects.controller';
import { ProspectsReadModel } from './prospects.read-model';

@Module({
  imports: [CqrsModule, UsersModule, FilesModule, NotificationsModule],
  controllers: [ProspectsController, CompanyLinkController],
  providers: [ProspectsReadModel, ...PROSPECT_COMMAND_HANDLERS],
  exports: [ProspectsReadModel],
})
export class ProspectsModule {}
