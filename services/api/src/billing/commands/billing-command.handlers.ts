import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  BILLING_MESSAGES,
  billingDecider,
  DomainError,
  Project,
  projectDecider,
  userDecider,
} from '@reloc/domain';
import { CommandExecutor } from '../../infrastructure/command-executor';
import { ProjectsReadModel } from '../../projects/projects.read-model';
import { BillingEntryDto, BillingReadModel } from '../billing.read-model';
import { ConfirmBillingCommand, SetBillingOverridesCommand } from './billing-commands';

export const billingStream = (billingId: string) => `billing-${billingId}`;

@CommandHandler(ConfirmBillingCommand)
export class ConfirmBillingHandler implements ICommandHandler<ConfirmBillingCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly billing: BillingReadModel,
  ) {}

  async execute({ actor, billingId }: ConfirmBillingCommand): Promise<BillingEntryDto> {
    const entry = this.billing.findById(billingId);
    if (!entry) throw new DomainError(BILLING_MESSAGES.notFound, 'notFound');
    const lines = entry.projects.map((line) => ({
      lineId: line.lineId as string,
      projectId: line._id,
      step: line.step,
      amount: line.amount,
    }));
    await this.executor.execute(
      billingStream(billingId),
      billingDecider,
      {
        type: 'ConfirmBilling',
        billingId,
        actor,
        at: new Date().toISOString(),
        entry: {
          userId: entry.actorId,
          month: entry.month,
          total: entry.total,
          custom: entry.custom,
          lines,
          confirmed: entry.confirmed,
        },
      },
      { actor },
    );
    // The custom adjustment was settled: the user's form shows it consumed.
    if (entry.custom !== 0) {
      const { state } = await this.executor.load(`user-${entry.actorId}`, userDecider);
      if (state && !state.deleted && Math.round(state.rewards.custom * 100) === entry.custom)
        await this.executor.execute(
          `user-${entry.actorId}`,
          userDecider,
          { type: 'UpdateUser', changes: { rewards: { custom: 0 } } },
          { actor },
        );
    }
    return this.billing.findById(billingId) as BillingEntryDto;
  }
}

@CommandHandler(SetBillingOverridesCommand)
export class SetBillingOverridesHandler implements ICommandHandler<SetBillingOverridesCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly projects: ProjectsReadModel,
  ) {}

  async execute({ actor, projectId, overrides }: SetBillingOverridesCommand): Promise<Project> {
    if (!this.projects.findById(projectId)) throw new DomainError('Projet introuvable', 'notFound');
    await this.executor.execute(
      `project-${projectId}`,
      projectDecider,
      { type: 'SetBillingOverrides', overrides, actor, at: new Date().toISOString() },
      { actor },
    );
    return this.projects.findById(projectId) as Project;
  }
}

export const BILLING_COMMAND_HANDLERS = [ConfirmBillingHandler, SetBillingOverridesHandler];
