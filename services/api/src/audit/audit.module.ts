import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { AuditController } from './audit.controller';
import { AuditService } from './audit.service';

@Module({
  imports: [UsersModule],
  controllers: [AuditController],
  providers: [AuditService],
})
export class AuditModule {}
