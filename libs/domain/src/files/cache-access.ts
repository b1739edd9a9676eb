import { isAdmin, isRole, isStaff, isSuperAdmin, Role } from '../auth/roles';
import { canEditProspect, Prospect } from '../prospects/prospect';
import { DomainError } from '../shared/errors';
import { isObjectId } from '../shared/ids';
import { FILE_MESSAGES, UploadKind } from './file';

/** The superadmin's reports store (admin page, §2 "Reports tabs"). */
export const REPORTS_TARGET = '__reports';
/** The property photos of the demo seed. */
export const DEMO_PHOTOS_TARGET = 'demo';

export const CACHE_MESSAGES = {
  unknownTarget: 'Cible de dépôt inconnue',
  targetNotFound: 'Cible de dépôt introuvable',
  forbidden: 'Accès refusé',
  photosOnlyForHosts: 'Les photos (type=image) ne se déposent que pour un bien',
  templateFile: 'Le fichier d’un modèle se gère depuis « Signature électronique »',
} as const;

/** A target as sent (`target` of POST /cache/upload, the path of GET /cache/for/{target}). */
export type CacheTargetRef =
  | { type: 'none' }
  | { type: 'reports' }
  | { type: 'demoPhotos' }
  /** An article, a prospect, a signature template or a property: the api looks it up. */
  | { type: 'resource'; id: string };

/** What a stored file belongs to, once its target is known; each kind has its rules. */
export type CacheTarget =
  | { kind: 'reports' }
  | { kind: 'knowledge' }
  | { kind: 'signatureTemplate' }
  | { kind: 'prospect'; prospect: Pick<Prospect, 'assignees'> }
  /** Photos of a property (no target, the demo's, or a host id): public content. */
  | { kind: 'photos' }
  /** A document uploaded without a target, before it is attached (e.g. to a prospect). */
  | { kind: 'unattached' };
export type CacheTargetKind = CacheTarget['kind'];

export type CacheAction = 'list' | 'read' | 'upload' | 'remove';
export type CacheActor = { id: string; role: string; trigram: string | null };
/** The stored file an action is about (read, remove). */
export type CachedFileOwner = { uploaderId: string };

/** null: a target of an unknown kind (400). A missing target is 'none'. */
export function parseCacheTarget(raw: string | null | undefined): CacheTargetRef | null {
  const target = raw?.trim() ?? '';
  if (!target) return { type: 'none' };
  if (target === REPORTS_TARGET) return { type: 'reports' };
  if (target === DEMO_PHOTOS_TARGET) return { type: 'demoPhotos' };
  if (isObjectId(target)) return { type: 'resource', id: target };
  return null;
}

/** A file without a target: a property photo when it is an image upload, else unattached. */
export function untargetedKind(kind: UploadKind): 'photos' | 'unattached' {
  return kind === 'image' ? 'photos' : 'unattached';
}

type Rule = (actor: CacheActor, target: CacheTarget, file?: CachedFileOwner) => boolean;

const roleIs =
  (test: (role: Role) => boolean) =>
  (actor: CacheActor): boolean =>
    isRole(actor.role) && test(actor.role);

const staff = roleIs(isStaff);
const admins = roleIs(isAdmin);
const superadmin = roleIs(isSuperAdmin);
const nobody: Rule = () => false;
const uploader: Rule = (actor, _target, file) => !!file && file.uploaderId === actor.id;
const uploaderOrAdmin: Rule = (actor, target, file) =>
  admins(actor) || uploader(actor, target, file);
const prospectTeam: Rule = (actor, target) =>
  target.kind === 'prospect' && staff(actor) && canEditProspect(actor, target.prospect);

/**
 * Who may do what with the files of each kind of target (§6; issue 14): the reports are the
 * superadmin's; articles' attachments are read by the staff and written by admins; a
 * prospect's files follow the prospect (admins, or its lead or sale); a template's file is
 * managed by the templates' own routes; property photos are the staff's (and public: the image
 * route serves them without a token); a file uploaded without a target is its uploader's until
 * something it is attached to takes it. Removal also needs the uploader or an admin (the file
 * decider). A file id alone never grants anything.
 */
export const CACHE_RULES: Record<CacheTargetKind, Record<CacheAction, Rule>> = {
  reports: { list: superadmin, read: superadmin, upload: superadmin, remove: superadmin },
  knowledge: { list: staff, read: staff, upload: admins, remove: admins },
  signatureTemplate: { list: staff, read: staff, upload: nobody, remove: nobody },
  prospect: { list: prospectTeam, read: prospectTeam, upload: prospectTeam, remove: prospectTeam },
  photos: { list: staff, read: staff, upload: staff, remove: uploaderOrAdmin },
  unattached: { list: nobody, read: uploader, upload: staff, remove: uploaderOrAdmin },
};

/** Throws the French 403 when the actor may not; returns quietly otherwise. */
export function checkCacheAccess(
  actor: CacheActor,
  target: CacheTarget,
  action: CacheAction,
  file?: CachedFileOwner,
): void {
  if (CACHE_RULES[target.kind][action](actor, target, file)) return;
  const message =
    target.kind === 'signatureTemplate' && (action === 'upload' || action === 'remove')
      ? CACHE_MESSAGES.templateFile
      : CACHE_MESSAGES.forbidden;
  throw new DomainError(message, 'forbidden');
}

/** Photos go to properties only, and properties receive only photos (400 otherwise). */
export function checkUploadKind(kind: UploadKind, target: CacheTarget): void {
  if (target.kind === 'photos' && kind !== 'image')
    throw new DomainError(FILE_MESSAGES.imagesOnly, 'invalid', { type: FILE_MESSAGES.imagesOnly });
  if (target.kind !== 'photos' && kind === 'image')
    throw new DomainError(CACHE_MESSAGES.photosOnlyForHosts, 'invalid', {
      type: CACHE_MESSAGES.photosOnlyForHosts,
    });
}

/** The public image route serves property photos only: never a document, a report, an attachment. */
export function isPublicPhoto(file: { kind: UploadKind }, target: CacheTarget): boolean {
  return file.kind === 'image' && target.kind === 'photos';
}

/**
 * A prospect takes a file (POST /prospects/{id}/files) uploaded for it, or one its uploader
 * sent without a target (the console's first step): never a file of another target, whose id
 * would otherwise open it through the prospect's download route.
 */
export function canAttachToProspect(
  actor: CacheActor,
  prospectId: string,
  file: { kind: UploadKind; target: string | null; uploaderId: string },
): boolean {
  if (file.kind !== 'files') return false;
  if (file.target === prospectId) return true;
  return file.target === null && file.uploaderId === actor.id;
}
