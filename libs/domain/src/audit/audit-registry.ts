import type { Decider, DomainEvent } from '../shared/decider';
import { announcementDecider } from '../announcements/announcement.decider';
import { commentDecider } from '../comments/comment.decider';
import { documentsDecider } from '../documents/documents.decider';
import { fileDecider } from '../files/file.decider';
import { hostDecider } from '../hosts/host.decider';
import { ASSIGNEE_LABELS } from '../projects/assignees';
import { FIELD_LABELS } from '../projects/field-labels';
import { projectDecider } from '../projects/project.decider';
import { STAGE_LABELS } from '../projects/stages';
import { proposalDecider } from '../proposals/proposal.decider';
import { prospectDecider } from '../prospects/prospect.decider';
import { PROSPECT_FIELD_LABELS, PROSPECT_STAGE_LABELS } from '../prospects/prospect';
import { uniqueValueDecider } from '../shared/unique-value.decider';
import { signaturesDecider } from '../signatures/signature-request';
import { signatureTemplateDecider } from '../signatures/signature-template';
import { timelineDecider } from '../timeline/timeline.decider';
import { clientMailDecider, masterPasswordDecider } from '../users/admin';
import { userDecider } from '../users/user.decider';
import { sessionDecider } from '../auth/session.decider';

/** What the history needs of a decider: its initial state and evolve. */
export type AuditDecider = Pick<Decider<unknown, DomainEvent, unknown>, 'initialState' | 'evolve'>;

export type AuditStreamType = {
  /** Stream names start with `<prefix>-`. */
  prefix: string;
  /** French name of the aggregate ('Projet'). */
  label: string;
  decider: AuditDecider;
  /** French label of a field path of the state. */
  labelOf: (field: string) => string;
  /** Object fields shown key by key ('assignees' → 'assignees.sale'). */
  expand: readonly string[];
};

const COMMON_LABELS: Record<string, string> = {
  _id: 'Identifiant',
  createdAt: 'Créé le',
  updatedAt: 'Modifié le',
  deleted: 'Supprimé',
  tags: 'Étiquettes',
  alerts: 'Alertes',
  name: 'Nom',
  email: 'E-mail',
  firstName: 'Prénom',
  lastName: 'Nom',
  role: 'Rôle',
  trigram: 'Trigramme',
  status: 'Statut',
  text: 'Texte',
  files: 'Fichiers',
  assignees: 'Affectations',
  progress: 'Étapes',
};

const PROJECT_LABELS: Record<string, string> = {
  currentProgress: 'Étape',
  stopped: 'Abandonné',
  abortMotivation: "Motif d'abandon",
  services: 'Services',
  chosenEstate: 'Bien retenu',
  forcedStages: 'Étapes forcées par le super admin',
  signatures: 'Signatures',
  alertsSkipped: 'Alertes levées',
  overrides: 'Revenus forcés',
  reportingCount: 'Relances',
  billingOverrides: 'Montants forcés',
  billing: 'Facturation',
  ...Object.fromEntries(
    Object.entries(ASSIGNEE_LABELS).map(([role, label]) => [`assignees.${role}`, label]),
  ),
  ...Object.fromEntries(
    Object.entries(STAGE_LABELS).map(([stage, label]) => [
      `progress.${stage}`,
      `Étape « ${label} »`,
    ]),
  ),
  'progress.stopped': 'Abandonné',
};

const PROSPECT_LABELS: Record<string, string> = {
  currentProgress: 'Étape',
  notInterested: "Motif d'abandon",
  lastMove: 'Dernier changement',
  addressObject: 'Adresse',
  clicks: 'Clics sur le lien',
  rewards: 'Primes',
  'assignees.lead': 'Lead',
  'rewards.sentToAL': 'Prime à l’envoi AL',
  'rewards.paid': 'Prime au paiement',
  ...Object.fromEntries(
    Object.entries(PROSPECT_STAGE_LABELS).map(([stage, label]) => [
      `progress.${stage}`,
      `Étape « ${label} »`,
    ]),
  ),
  'progress.stopped': 'Abandonné',
};

const labels =
  (...maps: Record<string, string>[]) =>
  (field: string): string => {
    for (const map of maps) if (map[field]) return map[field];
    return field;
  };

const type = (
  prefix: string,
  label: string,
  decider: unknown,
  maps: Record<string, string>[] = [],
  expand: readonly string[] = [],
): AuditStreamType => ({
  prefix,
  label,
  decider: decider as AuditDecider,
  labelOf: labels(...maps, COMMON_LABELS),
  expand,
});

const EXPANDED = ['assignees', 'progress', 'rewards'];

/** Every event-sourced aggregate, by stream prefix (see the `*Stream` helpers of the api). */
export const AUDIT_STREAM_TYPES: readonly AuditStreamType[] = [
  type('project', 'Projet', projectDecider, [PROJECT_LABELS, FIELD_LABELS], EXPANDED),
  type('prospect', 'Prospect', prospectDecider, [PROSPECT_LABELS, PROSPECT_FIELD_LABELS], EXPANDED),
  type('user', 'Compte', userDecider),
  type('host', 'Bien', hostDecider),
  type('proposal', 'Proposition', proposalDecider),
  type('announcement', 'Annonce', announcementDecider),
  type('comment', 'Commentaire', commentDecider),
  type('timeline', 'Historique masqué', timelineDecider),
  type('documents', 'Documents', documentsDecider),
  type('file', 'Fichier', fileDecider),
  type('signatures', 'Signatures', signaturesDecider),
  type('signature-template', 'Modèle de signature', signatureTemplateDecider),
  type('master-password', 'Mot de passe maître', masterPasswordDecider),
  type('session', 'Session', sessionDecider),
  type('mail', 'Mail', clientMailDecider),
  type('unique-email', 'Unicité (e-mail)', uniqueValueDecider),
  type('unique-customer-email', 'Unicité (e-mail client)', uniqueValueDecider),
  type('unique-trigram', 'Unicité (trigramme)', uniqueValueDecider),
  type('unique-prospect-name', 'Unicité (nom de prospect)', uniqueValueDecider),
];

/** A stream name the history accepts: `<prefix>-<id>`, printable, at most 300 characters. */
const STREAM_NAME = /^[a-z]+(?:-[a-z]+)*-[^\s/\\]+$/;

export function isAuditStreamName(stream: string): boolean {
  return stream.length <= 300 && STREAM_NAME.test(stream);
}

/** The aggregate type of a stream by its longest matching prefix; null when none. */
export function auditStreamType(stream: string): AuditStreamType | null {
  if (!isAuditStreamName(stream)) return null;
  let best: AuditStreamType | null = null;
  for (const candidate of AUDIT_STREAM_TYPES) {
    if (
      stream.startsWith(`${candidate.prefix}-`) &&
      stream.length > candidate.prefix.length + 1 &&
      (!best || candidate.prefix.length > best.prefix.length)
    )
      best = candidate;
  }
  return best;
}

/** French names of the events the history lists; the type itself for the others. */
export const AUDIT_EVENT_LABELS: Record<string, string> = {
  ProjectCreated: 'Création du projet',
  ProjectFieldsChanged: 'Champs modifiés',
  ProjectStageChanged: "Changement d'étape",
  ProjectStopped: 'Projet abandonné',
  ProjectRestarted: 'Projet repris',
  ProjectAssigneeChanged: 'Affectation modifiée',
  ProjectTagsChanged: 'Étiquettes modifiées',
  ProjectServiceToggled: 'Service modifié',
  ProjectAlertRaised: 'Alerte déclenchée',
  ProjectAlertCleared: 'Alerte levée',
  ProjectAlertLifted: 'Alerte suspendue',
  ProjectIncomeOverridden: 'Revenus forcés',
  ProjectEstateChosen: 'Bien retenu',
  ProjectBillingOverridden: 'Montants de facturation forcés',
  ProjectDeleted: 'Projet supprimé',
  ProspectCreated: 'Création du prospect',
  ProspectFieldsChanged: 'Champs modifiés',
  ProspectAssigneeChanged: 'Affectation modifiée',
  ProspectStageChanged: "Changement d'étape",
  ProspectAbandoned: 'Prospect abandonné',
  ProspectResumed: 'Prospect repris',
  ProspectFileAttached: 'Fichier ajouté',
  ProspectFileRemoved: 'Fichier retiré',
  ProspectLinkClicked: 'Clic sur le lien entreprise',
  ProspectDeleted: 'Prospect supprimé',
  UserCreated: 'Création du compte',
  UserUpdated: 'Compte modifié',
  UserDeactivated: 'Compte désactivé',
  UserDeleted: 'Compte supprimé',
  UserPasswordSet: 'Mot de passe défini',
  UserImpersonated: 'Connexion en tant que',
  SessionOpened: 'Connexion',
  SessionRefreshed: 'Session prolongée',
  SessionRevoked: 'Session fermée',
  HostCreated: 'Création du bien',
  HostUpdated: 'Bien modifié',
  HostGeolocated: 'Bien géolocalisé',
  HostActiveSet: 'Bien activé ou désactivé',
  HostPublishSet: 'Publication modifiée',
  CommentAdded: 'Commentaire ajouté',
  CommentDeleted: 'Commentaire supprimé',
  ProposalCreated: 'Proposition créée',
  ProposalStatusChanged: 'Statut de la proposition modifié',
  AnnouncementCreated: "Création de l'annonce",
  AnnouncementUpdated: 'Annonce modifiée',
  FileStored: 'Fichier enregistré',
  FileRemoved: 'Fichier supprimé',
};

export function auditEventLabel(eventType: string): string {
  return AUDIT_EVENT_LABELS[eventType] ?? eventType;
}
