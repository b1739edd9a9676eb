import { isStaff, Role } from '../auth/roles';
import { MESSAGES, PROJECT_MESSAGES } from '../rules/messages';
import { Rules, validate } from '../rules/engine';
import { PHONE_PATTERN } from '../rules/inputs';
import { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import { newProjectFields } from '../projects/new-project';
import { Project } from '../projects/project';
import { projectDecider } from '../projects/project.decider';
import { ProjectEvent } from '../projects/project.events';

/** §5 "Login and lead form": the e-mail is required; the rest is optional. */
export type LeadPayload = {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  phoneNumber?: string | null;
  /** The sales trigram the new file is assigned to. */
  sale?: string | null;
  /** From a converted announcement: its description and its address (issue 15 point 20). */
  descEstate?: string | null;
  futurNeighborhood?: string | null;
};

const LEAD_RULES: Rules = {
  email: [{ kind: 'required' }, { kind: 'email' }],
  phoneNumber: [{ kind: 'regex', pattern: PHONE_PATTERN, ignoreSpaces: true }],
};

export function validateLead(payload: Partial<LeadPayload>): Record<string, string> {
  const errors = validate(payload as Record<string, unknown>, LEAD_RULES);
  if (payload.sale && !/^[A-Z]{3}$/.test(payload.sale)) errors.sale = MESSAGES.invalid;
  return errors;
}

export type CreateLeadProject = {
  type: 'CreateLeadProject';
  projectId: string;
  lead: LeadPayload;
  actor: { id: string; role: Role | string; trigram: string | null };
  at: string;
};

/**
 * A client file opened at projectCreated from a lead or an announcement's contact: the same
 * `ProjectCreated` event as POST /customer, with the lighter rules of the lead form.
 */
export const leadProjectDecider: Decider<CreateLeadProject, ProjectEvent, Project> = {
  initialState: projectDecider.initialState,
  evolve: projectDecider.evolve,
  decide(command, state) {
    if (!isStaff(command.actor.role as Role)) throw new DomainError('Accès refusé', 'forbidden');
    if (state.revision >= 0) throw new DomainError(PROJECT_MESSAGES.alreadyExists, 'conflict');
    const errors = validateLead(command.lead);
    if (Object.keys(errors).length)
      throw new DomainError(PROJECT_MESSAGES.invalidRequest, 'invalid', errors);
    const { lead } = command;
    const { fields, assignees } = newProjectFields({
      email: lead.email,
      firstName: lead.firstName,
      lastName: lead.lastName,
      phoneNumber: lead.phoneNumber,
      assignees: { sale: lead.sale ?? null },
    });
    const descEstate = lead.descEstate?.trim();
    const futurNeighborhood = lead.futurNeighborhood?.trim();
    if (descEstate) fields.descEstate = descEstate;
    if (futurNeighborhood) fields.futurNeighborhood = futurNeighborhood;
    return [
      {
        type: 'ProjectCreated',
        data: { projectId: command.projectId, fields, assignees, createdAt: command.at },
      },
    ];
  },
};
