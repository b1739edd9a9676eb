import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { NotificationsController } from './notifications.controller';
import { NotificationsReadModel } from './notifications.read-model';

@Module({
  imports: [UsersModule],
  controllers: [NotificationsController],
  providers: [NotificationsReadModel],
  exports: [NotificationsReadModel],
})
export class NotificationsModule {}
