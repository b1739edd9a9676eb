import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { UniqueClaims } from './commands/user-streams';
import { USER_COMMAND_HANDLERS } from './commands/user-command.handlers';
import { UsersController } from './users.controller';
import { StaffFilesReadModel } from './staff-files.read-model';
import { UsersReadModel } from './users.read-model';

@Module({
  imports: [CqrsModule],
  controllers: [UsersController],
  providers: [UsersReadModel, StaffFilesReadModel, UniqueClaims, ...USER_COMMAND_HANDLERS],
  exports: [UsersReadModel],
})
export class UsersModule {}
