import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  canAttachToProspect,
  canEditProspect,
  DomainError,
  MESSAGES,
  newObjectId,
  normalizeProspectName,
  Prospect,
  prospectDecider,
  PROSPECT_MESSAGES,
  prospectNameKey,
  theoreticalStatus,
  uniqueValueDecider,
} from '@reloc/domain';
import { Actor, CommandExecutor } from '../../infrastructure/command-executor';
import { FilesService } from '../../files/files.service';
import { UsersReadModel } from '../../users/users.read-model';
import { ProspectsReadModel } from '../prospects.read-model';
import {
  AttachProspectFileCommand,
  CreateProspectCommand,
  DeleteProspectCommand,
  RecordProspectClickCommand,
  RemoveProspectFileCommand,
  UpdateProspectCommand,
} from './prospect-commands';

export const prospectStream = (prospectId: string) => `prospect-${prospectId}`;
/** The unique claim on a prospect's name: two concurrent creations cannot both win. */
export const prospectNameStream = (name: string) => `unique-prospect-name-${prospectNameKey(name)}`;

/** Assignees are active staff having a trigram (§6); anything else is refused with 400. */
function checkTrigrams(users: UsersReadModel, trigrams: Record<string, unknown>): void {
  const errors: Record<string, string> = {};
  for (const [role, trigram] of Object.entries(trigrams)) {
    if (typeof trigram !== 'string') continue;
    const user = users.findByTrigram(trigram);
    if (!user || user.isDeactivated || user.role === 'USER')
      errors[`assignees.${role}`] = MESSAGES.invalid;
  }
  if (Object.keys(errors).length)
    throw new DomainError(PROSPECT_MESSAGES.invalid, 'invalid', errors);
}

async function claimName(executor: CommandExecutor, name: string, ownerId: string, actor: Actor) {
  await executor.execute(
    prospectNameStream(name),
    uniqueValueDecider,
    { type: 'Claim', ownerId, conflictMessage: PROSPECT_MESSAGES.duplicateName },
    { actor },
  );
}

async function releaseName(executor: CommandExecutor, name: string, ownerId: string, actor: Actor) {
  await executor.execute(
    prospectNameStream(name),
    uniqueValueDecider,
    { type: 'Release', ownerId },
    { actor },
  );
}

/** POST /prospects: claims the name (400 duplicateName), then creates at stage 'new'. */
@CommandHandler(CreateProspectCommand)
export class CreateProspectHandler implements ICommandHandler<CreateProspectCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly users: UsersReadModel,
  ) {}

  async execute({ actor, name, sale }: CreateProspectCommand): Promise<string> {
    checkTrigrams(this.users, { sale });
    const prospectId = newObjectId();
    const command = {
      type: 'CreateProspect' as const,
      prospectId,
      at: new Date().toISOString(),
      actor,
      name,
      sale,
    };
    // Decided once before claiming, so a bad name claims nothing.
    prospectDecider.decide(command, prospectDecider.initialState());
    await claimName(this.executor, name, prospectId, actor);
    try {
      await this.executor.execute(prospectStream(prospectId), prospectDecider, command, { actor });
    } catch (error) {
      await releaseName(this.executor, name, prospectId, actor);
      throw error;
    }
    return prospectId;
  }
}

/** PUT /prospects/{id}: a renamed prospect claims its new name and frees the old one. */
@CommandHandler(UpdateProspectCommand)
export class UpdateProspectHandler implements ICommandHandler<UpdateProspectCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly prospects: ProspectsReadModel,
    private readonly users: UsersReadModel,
  ) {}

  async execute(command: UpdateProspectCommand): Promise<Prospect> {
    const { actor, prospectId, baseRevision, changes } = command;
    const { state } = await this.executor.load(prospectStream(prospectId), prospectDecider);
    const domainCommand = {
      type: 'UpdateProspect' as const,
      prospectId,
      at: new Date().toISOString(),
      actor,
      baseRevision,
      changes,
      theory: theoreticalStatus(this.prospects.linkedFiles(prospectId)),
    };
    // Rights, shapes, stage rules and conflicts first: nothing is claimed for a refused save.
    prospectDecider.decide(domainCommand, state);
    if (changes.assignees && typeof changes.assignees === 'object')
      checkTrigrams(this.users, changes.assignees as Record<string, unknown>);
    const newName =
      typeof changes.name === 'string' &&
      prospectNameKey(changes.name) !== prospectNameKey(state.name)
        ? normalizeProspectName(changes.name)
        : null;
    if (newName) await claimName(this.executor, newName, prospectId, actor);
    try {
      await this.executor.execute(prospectStream(prospectId), prospectDecider, domainCommand, {
        actor,
      });
    } catch (error) {
      if (newName) await releaseName(this.executor, newName, prospectId, actor);
      throw error;
    }
    if (newName) await releaseName(this.executor, state.name, prospectId, actor);
    const prospect = this.prospects.findById(prospectId);
    if (!prospect) throw new DomainError(PROSPECT_MESSAGES.notFound, 'notFound');
    return prospect;
  }
}

/** DELETE /prospects/{id}: admins; the name becomes free again. */
@CommandHandler(DeleteProspectCommand)
export class DeleteProspectHandler implements ICommandHandler<DeleteProspectCommand> {
  constructor(private readonly executor: CommandExecutor) {}

  async execute({ actor, prospectId }: DeleteProspectCommand): Promise<void> {
    const { state } = await this.executor.execute(
      prospectStream(prospectId),
      prospectDecider,
      { type: 'DeleteProspect', prospectId, at: new Date().toISOString(), actor },
      { actor },
    );
    await releaseName(this.executor, state.name, prospectId, actor);
  }
}

/** POST /prospects/{id}/files: attaches a file uploaded with POST /cache/upload. */
@CommandHandler(AttachProspectFileCommand)
export class AttachProspectFileHandler implements ICommandHandler<AttachProspectFileCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly files: FilesService,
    private readonly prospects: ProspectsReadModel,
  ) {}

  async execute({ actor, prospectId, fileId }: AttachProspectFileCommand): Promise<Prospect> {
    // Who may not edit the prospect hears so first (the decider says it again).
    const current = this.prospects.findById(prospectId);
    if (current && !canEditProspect(actor, current))
      throw new DomainError(PROSPECT_MESSAGES.forbidden, 'forbidden');
    const file = this.files.find(fileId);
    // Only a file sent for this prospect, or the caller's own untargeted upload: an id of a
    // report or of another prospect's file must not open it through this prospect.
    if (!file || !canAttachToProspect(actor, prospectId, file))
      throw new DomainError(PROSPECT_MESSAGES.fileNotFound, 'invalid', {
        fileId: PROSPECT_MESSAGES.fileNotFound,
      });
    const { name, mime, size } = file;
    await this.executor.execute(
      prospectStream(prospectId),
      prospectDecider,
      {
        type: 'AttachProspectFile',
        prospectId,
        at: new Date().toISOString(),
        actor,
        file: { _id: fileId, name, mime, size },
      },
      { actor },
    );
    const prospect = this.prospects.findById(prospectId);
    if (!prospect) throw new DomainError(PROSPECT_MESSAGES.notFound, 'notFound');
    return prospect;
  }
}

/** DELETE /prospects/{id}/files/{fileId}: the file leaves the list; one sent for this prospect is erased. */
@CommandHandler(RemoveProspectFileCommand)
export class RemoveProspectFileHandler implements ICommandHandler<RemoveProspectFileCommand> {
  constructor(private readonly executor: CommandExecutor) {}

  async execute({ actor, prospectId, fileId }: RemoveProspectFileCommand): Promise<void> {
    await this.executor.execute(
      prospectStream(prospectId),
      prospectDecider,
      { type: 'RemoveProspectFile', prospectId, at: new Date().toISOString(), actor, fileId },
      { actor },
    );
  }
}

/** The company link's visitors are anonymous: the click is recorded by the link itself. */
const LINK_VISITOR: Actor = { id: 'public-link', trigram: null, role: 'USER' };

@CommandHandler(RecordProspectClickCommand)
export class RecordProspectClickHandler implements ICommandHandler<RecordProspectClickCommand> {
  constructor(private readonly executor: CommandExecutor) {}

  async execute({ prospectId }: RecordProspectClickCommand): Promise<void> {
    await this.executor.execute(
      prospectStream(prospectId),
      prospectDecider,
      {
        type: 'RecordProspectClick',
        prospectId,
        at: new Date().toISOString(),
        actor: LINK_VISITOR,
      },
      { actor: LINK_VISITOR },
    );
  }
}

export const PROSPECT_COMMAND_HANDLERS = [
  RecordProspectClickHandler,
  CreateProspectHandler,
  UpdateProspectHandler,
  DeleteProspectHandler,
  AttachProspectFileHandler,
  RemoveProspectFileHandler,
];
