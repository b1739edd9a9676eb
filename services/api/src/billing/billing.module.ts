import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ProjectsModule } from '../projects/projects.module';
import { BillingController } from './billing.controller';
import { BillingReadModel } from './billing.read-model';
import { BILLING_COMMAND_HANDLERS } from './commands/billing-command.handlers';

@Module({
  imports: [CqrsModule, ProjectsModule],
  controllers: [BillingController],
  providers: [BillingReadModel, ...BILLING_COMMAND_HANDLERS],
  exports: [BillingReadModel],
})
export class BillingModule {}
