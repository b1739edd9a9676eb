import { PROJECT_MESSAGES } from '../rules/messages';
import { Rules, validate } from '../rules/engine';
import { PHONE_PATTERN } from '../rules/inputs';
import { isObjectId } from '../shared/ids';
import { normaliseEmail } from '../users/user';
import { ProjectFieldChanges } from './fields';
import { CONTRACT_TYPES } from './enums';
import { ASSIGNEE_ROLES, Assignees, emptyAssignees } from './project';
import { CustomerPayload } from './project.commands';
import { isAssigneeValue } from './assignees';

const phone = { kind: 'regex', pattern: PHONE_PATTERN, ignoreSpaces: true } as const;

/** §5 "New project": the form's rules, the current city from a suggested place, the company. */
const NEW_PROJECT_RULES: Rules = {
  email: [{ kind: 'required' }, { kind: 'email' }],
  firstName: [{ kind: 'required' }],
  lastName: [{ kind: 'required' }],
  company: [{ kind: 'required' }],
  actualCity: [{ kind: 'required' }, { kind: 'precise', field: 'fromAddressObject' }],
  addressWork: [{ kind: 'precise', field: 'addressWorkObject' }],
  phoneNumber: [phone],
  companyPhone: [phone],
  schoolPhone: [phone],
  companyMail: [{ kind: 'email' }],
  schoolMail: [{ kind: 'email' }],
};

/** Field → French message for the add-project dialog (and the API, which is authoritative). */
export function validateNewProject(payload: CustomerPayload): Record<string, string> {
  const errors = validate(payload as unknown as Record<string, unknown>, NEW_PROJECT_RULES);
  if (errors.company) errors.company = PROJECT_MESSAGES.companyRequired;
  const contractType = payload.contractType;
  if (contractType && !(CONTRACT_TYPES as readonly string[]).includes(contractType))
    errors.contractType = 'Invalide';
  const prescriptor = payload.assignees?.prescriptor;
  if (prescriptor && !isObjectId(prescriptor)) errors['assignees.prescriptor'] = 'Invalide';
  for (const role of ASSIGNEE_ROLES) {
    const value = payload.assignees?.[role];
    if (role !== 'prescriptor' && value && !isAssigneeValue(role, value))
      errors[`assignees.${role}`] = 'Invalide';
  }
  return errors;
}

function clean(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

/** The fields and assignees a valid payload creates (e-mail lowercased, texts trimmed). */
export function newProjectFields(payload: CustomerPayload): {
  fields: ProjectFieldChanges;
  assignees: Assignees;
} {
  const fields: ProjectFieldChanges = {
    userId: normaliseEmail(payload.email),
    firstName: clean(payload.firstName),
    lastName: clean(payload.lastName),
    phoneNumber: clean(payload.phoneNumber),
    company: clean(payload.company),
    school: clean(payload.school),
    sponsor: clean(payload.sponsor),
    schoolMail: clean(payload.schoolMail)?.toLowerCase() ?? null,
    schoolPhone: clean(payload.schoolPhone),
    companyContactName: clean(payload.companyContactName),
    addressWork: clean(payload.addressWork),
    addressWorkObject: payload.addressWorkObject ?? null,
    actualCity: clean(payload.actualCity),
    fromAddressObject: payload.fromAddressObject ?? null,
    companyMail: clean(payload.companyMail)?.toLowerCase() ?? null,
    companyPhone: clean(payload.companyPhone),
    contractType: (clean(payload.contractType) as ProjectFieldChanges['contractType']) ?? null,
  };
  const assignees = { ...emptyAssignees() };
  for (const role of ASSIGNEE_ROLES) assignees[role] = clean(payload.assignees?.[role]) ?? null;
  return { fields, assignees };
}
