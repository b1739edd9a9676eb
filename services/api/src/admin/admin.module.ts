import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ProjectsModule } from '../projects/projects.module';
import { UsersModule } from '../users/users.module';
import { AdminController } from './admin.controller';
import { CompaniesReport } from './companies-report';

/** The admin page's calls beside the users list (spec §2 "Admin page", §7). */
@Module({
  imports: [UsersModule, AuthModule, ProjectsModule],
  controllers: [AdminController],
  providers: [CompaniesReport],
})
export class AdminModule {}
