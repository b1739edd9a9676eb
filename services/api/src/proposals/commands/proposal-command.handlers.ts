import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { UpdateProposalBody } from '@reloc/contracts';
import {
  DomainError,
  HOST_MESSAGES,
  MESSAGES,
  newObjectId,
  Opinion,
  PROJECT_MESSAGES,
  Proposal,
  ProposalCommand,
  proposalDecider,
  PROPOSAL_MESSAGES,
  requireFileEditable,
  visitDateTimeFromIso,
} from '@reloc/domain';
import { CommandExecutor } from '../../infrastructure/command-executor';
import { HostsReadModel } from '../../hosts/hosts.read-model';
import { ProjectsReadModel } from '../../projects/projects.read-model';
import { ProposeCommand, UpdateProposalCommand } from './proposal-commands';

/** One proposal per (project, host) pair: a second Propose finds the stream already there. */
export const proposalStream = (projectId: string, hostId: string) =>
  `proposal-${projectId}-${hostId}`;

/** POST /proposals/lease/{p}/host/{h}: both must exist; the pair must be new (409). */
@CommandHandler(ProposeCommand)
export class ProposeHandler implements ICommandHandler<ProposeCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly hosts: HostsReadModel,
    private readonly projects: ProjectsReadModel,
  ) {}

  async execute({ actor, projectId, hostId }: ProposeCommand): Promise<Proposal> {
    const project = this.projects.findById(projectId);
    if (!project) throw new DomainError(PROJECT_MESSAGES.notFound, 'notFound');
    requireFileEditable(project, actor.role);
    if (!this.hosts.findById(hostId)) throw new DomainError(HOST_MESSAGES.notFound, 'notFound');
    // A concurrent duplicate loses the `no_stream` append and is decided again: a conflict.
    const { state } = await this.executor.execute(
      proposalStream(projectId, hostId),
      proposalDecider,
      {
        type: 'Propose',
        proposalId: newObjectId(),
        idBuy: projectId,
        idSell: hostId,
        at: new Date().toISOString(),
      },
      { actor },
    );
    return state;
  }
}

const hasText = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/** A date sent back as stored (ISO) is read as the typed date and time. */
function typedVisit(dateVisite: string | null | undefined, time: string | null | undefined) {
  if (hasText(dateVisite) && !hasText(time) && !Number.isNaN(Date.parse(dateVisite as string))) {
    const typed = visitDateTimeFromIso(dateVisite as string);
    if (typed && /^\d{4}-/.test(dateVisite as string)) return typed;
  }
  return { date: dateVisite ?? null, time: time ?? null };
}

function opinionOf(body: UpdateProposalBody): Opinion | null {
  const liked = body.liked !== undefined;
  const disliked = body.disliked !== undefined;
  if (!liked && !disliked) return null;
  const likedOn = liked && body.liked !== false && body.liked !== null && body.liked !== '';
  const dislikedOn =
    disliked && body.disliked !== false && body.disliked !== null && body.disliked !== '';
  if (likedOn && dislikedOn)
    throw new DomainError(PROJECT_MESSAGES.invalidRequest, 'invalid', {
      liked: MESSAGES.invalid,
      disliked: MESSAGES.invalid,
    });
  if (likedOn) return 'liked';
  if (dislikedOn) return 'disliked';
  return 'neither';
}

/** The §7 PUT bodies as decider commands, in the order they are decided. */
export function proposalCommandsOf(
  proposalId: string,
  body: UpdateProposalBody,
  at: string,
): ProposalCommand[] {
  const base = { proposalId, at };
  const commands: ProposalCommand[] = [];
  const distanceKeys = [
    'distanceWalk',
    'distanceTransport',
    'distanceCar',
    'lastGeocodingAddress',
  ] as const;
  if (distanceKeys.some((key) => body[key] !== undefined))
    commands.push({
      ...base,
      type: 'SetDistances',
      distanceWalk: body.distanceWalk ?? null,
      distanceTransport: body.distanceTransport ?? null,
      distanceCar: body.distanceCar ?? null,
      lastGeocodingAddress: body.lastGeocodingAddress ?? null,
    });
  if (body.status !== undefined) commands.push({ ...base, type: 'SetStatus', status: body.status });
  if (body.disabled !== undefined)
    commands.push({ ...base, type: body.disabled ? 'DisableProposal' : 'EnableProposal' });
  if (body.folderStatus !== undefined)
    commands.push({ ...base, type: 'SetFolderStatus', folderStatus: body.folderStatus });
  if (body.owner !== undefined)
    commands.push({ ...base, type: 'SetProposalOwner', owner: body.owner });
  const opinion = opinionOf(body);
  if (opinion) commands.push({ ...base, type: 'SetOpinion', opinion });
  if (body.visited === null) commands.push({ ...base, type: 'UnplanVisit' });
  if (body.visited) {
    const visit = body.visited;
    const { date, time } = typedVisit(visit.dateVisite, visit.time);
    commands.push({
      ...base,
      type: 'PlanVisit',
      date,
      time,
      ...(visit.author !== undefined
        ? { author: visit.author, authorOther: visit.authorOther ?? null }
        : {}),
    });
    if (visit.report !== undefined)
      commands.push({ ...base, type: 'RecordVisitReport', report: visit.report });
  }
  if (body.visitCancelled === true) {
    if (!body.visitCancelReason)
      throw new DomainError(PROJECT_MESSAGES.invalidRequest, 'invalid', {
        visitCancelReason: MESSAGES.required,
      });
    commands.push({ ...base, type: 'CancelVisit', reason: body.visitCancelReason });
  }
  if (body.comments)
    commands.push({
      ...base,
      type: 'AddProposalComment',
      comment: body.comments.comment,
      owner: body.comments.owner,
      name: body.comments.name ?? null,
    });
  return commands;
}

/** PUT /proposals/lease/{p}/host/{h}: every command of the body decided together, or none. */
@CommandHandler(UpdateProposalCommand)
export class UpdateProposalHandler implements ICommandHandler<UpdateProposalCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly projects: ProjectsReadModel,
  ) {}

  async execute({ actor, projectId, hostId, body }: UpdateProposalCommand): Promise<Proposal> {
    const project = this.projects.findById(projectId);
    if (project) requireFileEditable(project, actor.role);
    const stream = proposalStream(projectId, hostId);
    const { state } = await this.executor.load(stream, proposalDecider);
    if (state.revision < 0) throw new DomainError(PROPOSAL_MESSAGES.notFound, 'notFound');
    const commands = proposalCommandsOf(state._id, body, new Date().toISOString());
    const result = await this.executor.executeAll(stream, proposalDecider, commands, { actor });
    return result.state;
  }
}

export const PROPOSAL_COMMAND_HANDLERS = [ProposeHandler, UpdateProposalHandler];
