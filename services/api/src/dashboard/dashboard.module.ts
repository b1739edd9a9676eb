import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { DashboardController } from './dashboard.controller';
import { DashboardReadModel } from './dashboard.read-model';

@Module({
  imports: [UsersModule],
  controllers: [DashboardController],
  providers: [DashboardReadModel],
})
export class DashboardModule {}
