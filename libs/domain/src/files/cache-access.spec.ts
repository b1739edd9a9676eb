import {
  CACHE_MESSAGES,
  CacheAction,
  CacheActor,
  CacheTarget,
  canAttachToProspect,
  checkCacheAccess,
  checkUploadKind,
  isPublicPhoto,
  parseCacheTarget,
  untargetedKind,
} from './cache-access';
import { FILE_MESSAGES } from './file';

const actor = (role: string, id = `${role}-id`, trigram: string | null = 'TRI'): CacheActor => ({
  id,
  role,
  trigram,
});
const superadmin = actor('SUPERADMIN');
const admin = actor('ADMIN');
const operator = actor('OPERATOR');
const sale = actor('SALE', 'sale-id', 'SPE');
const vendor = actor('VENDOR');
const user = actor('USER');
const ACTIONS: CacheAction[] = ['list', 'read', 'upload', 'remove'];

const allowed = (
  who: CacheActor,
  target: CacheTarget,
  action: CacheAction,
  uploaderId?: string,
) => {
  try {
    checkCacheAccess(who, target, action, uploaderId ? { uploaderId } : undefined);
    return true;
  } catch (error) {
    expect(error).toMatchObject({ kind: 'forbidden' });
    return false;
  }
};

describe('cache targets: what a target string names', () => {
  it('reports, the demo photos, an id to look up, none; anything else is unknown', () => {
    expect(parseCacheTarget('__reports')).toEqual({ type: 'reports' });
    expect(parseCacheTarget('demo')).toEqual({ type: 'demoPhotos' });
    expect(parseCacheTarget('6740a1b2c3d4e5f60123abcd')).toEqual({
      type: 'resource',
      id: '6740a1b2c3d4e5f60123abcd',
    });
    expect(parseCacheTarget(undefined)).toEqual({ type: 'none' });
    expect(parseCacheTarget('  ')).toEqual({ type: 'none' });
    for (const unknown of ['__secret', 'staff-only', '../__reports', '6740A1B2C3D4E5F60123ABCD'])
      expect(parseCacheTarget(unknown)).toBeNull();
  });

  it('a file without a target is a property photo when it is an image, else unattached', () => {
    expect(untargetedKind('image')).toBe('photos');
    expect(untargetedKind('files')).toBe('unattached');
  });
});

describe('cache access rules (issue 14: every target has an owner and a read/write rule)', () => {
  it('the reports store is the superadmin’s alone, for every action', () => {
    for (const action of ACTIONS) {
      expect(allowed(superadmin, { kind: 'reports' }, action, superadmin.id)).toBe(true);
      for (const who of [admin, operator, sale, vendor, user])
        expect(allowed(who, { kind: 'reports' }, action, who.id)).toBe(false);
    }
  });

  it('articles’ attachments: read by the staff, written and removed by admins', () => {
    const kb: CacheTarget = { kind: 'knowledge' };
    for (const who of [superadmin, admin, operator, sale, vendor]) {
      expect(allowed(who, kb, 'list')).toBe(true);
      expect(allowed(who, kb, 'read')).toBe(true);
    }
    expect(allowed(user, kb, 'read')).toBe(false);
    for (const who of [superadmin, admin]) {
      expect(allowed(who, kb, 'upload')).toBe(true);
      expect(allowed(who, kb, 'remove')).toBe(true);
    }
    for (const who of [operator, sale, vendor]) {
      expect(allowed(who, kb, 'upload')).toBe(false);
      expect(allowed(who, kb, 'remove', who.id)).toBe(false);
    }
  });

  it('a prospect’s files follow the prospect: admins, or its lead or sale', () => {
    const prospect: CacheTarget = {
      kind: 'prospect',
      prospect: {
        assignees: { lead: 'JBE', sale: 'SPE', reloc: 'CDU', dispatcher: null, alsender: null },
      },
    };
    for (const action of ACTIONS) {
      expect(allowed(admin, prospect, action)).toBe(true);
      expect(allowed(superadmin, prospect, action)).toBe(true);
      expect(allowed(sale, prospect, action)).toBe(true);
      expect(allowed(actor('OPERATOR', 'o', 'JBE'), prospect, action)).toBe(true);
      expect(allowed(actor('SALE', 'other', 'HGA'), prospect, action)).toBe(false);
      expect(allowed(actor('VENDOR', 'v', null), prospect, action)).toBe(false);
      expect(allowed(actor('USER', 'u', 'SPE'), prospect, action)).toBe(false);
    }
  });

  it('a template’s file is managed by the templates’ routes only', () => {
    const template: CacheTarget = { kind: 'signatureTemplate' };
    expect(allowed(vendor, template, 'read')).toBe(true);
    for (const action of ['upload', 'remove'] as const)
      expect(() => checkCacheAccess(superadmin, template, action)).toThrow(
        CACHE_MESSAGES.templateFile,
      );
  });

  it('property photos: the staff’s; removed by their uploader or an admin', () => {
    const photos: CacheTarget = { kind: 'photos' };
    for (const who of [operator, sale, vendor, admin]) {
      expect(allowed(who, photos, 'upload')).toBe(true);
      expect(allowed(who, photos, 'read')).toBe(true);
    }
    expect(allowed(operator, photos, 'remove', operator.id)).toBe(true);
    expect(allowed(operator, photos, 'remove', 'someone-else')).toBe(false);
    expect(allowed(admin, photos, 'remove', 'someone-else')).toBe(true);
    expect(allowed(user, photos, 'read')).toBe(false);
  });

  it('an unattached upload is read by its uploader only, whatever the role', () => {
    const unattached: CacheTarget = { kind: 'unattached' };
    expect(allowed(sale, unattached, 'read', sale.id)).toBe(true);
    expect(allowed(superadmin, unattached, 'read', sale.id)).toBe(false);
    expect(allowed(operator, unattached, 'read', sale.id)).toBe(false);
    expect(allowed(sale, unattached, 'list')).toBe(false);
    expect(allowed(vendor, unattached, 'upload')).toBe(true);
    expect(allowed(admin, unattached, 'remove', sale.id)).toBe(true);
  });
});

describe('upload kinds and the public image route', () => {
  it('photos go to properties only, and properties take only photos', () => {
    expect(() => checkUploadKind('image', { kind: 'photos' })).not.toThrow();
    expect(() => checkUploadKind('files', { kind: 'photos' })).toThrow(FILE_MESSAGES.imagesOnly);
    for (const target of [
      { kind: 'reports' },
      { kind: 'knowledge' },
      { kind: 'unattached' },
    ] as CacheTarget[]) {
      expect(() => checkUploadKind('image', target)).toThrow(CACHE_MESSAGES.photosOnlyForHosts);
      expect(() => checkUploadKind('files', target)).not.toThrow();
    }
  });

  it('only image uploads of properties are public', () => {
    expect(isPublicPhoto({ kind: 'image' }, { kind: 'photos' })).toBe(true);
    expect(isPublicPhoto({ kind: 'files' }, { kind: 'photos' })).toBe(false);
    expect(isPublicPhoto({ kind: 'files' }, { kind: 'knowledge' })).toBe(false);
    expect(isPublicPhoto({ kind: 'image' }, { kind: 'reports' })).toBe(false);
  });
});

describe('attaching a file to a prospect', () => {
  const prospectId = '6740a1b2c3d4e5f60123abcd';
  it('takes a file uploaded for it, or the uploader’s own untargeted upload, nothing else', () => {
    const file = (
      over: Partial<{ kind: 'image' | 'files'; target: string | null; uploaderId: string }>,
    ) => ({
      kind: 'files' as const,
      target: null,
      uploaderId: sale.id,
      ...over,
    });
    expect(
      canAttachToProspect(sale, prospectId, file({ target: prospectId, uploaderId: 'x' })),
    ).toBe(true);
    expect(canAttachToProspect(sale, prospectId, file({}))).toBe(true);
    expect(canAttachToProspect(sale, prospectId, file({ uploaderId: 'someone-else' }))).toBe(false);
    expect(canAttachToProspect(sale, prospectId, file({ target: '__reports' }))).toBe(false);
    expect(
      canAttachToProspect(sale, prospectId, file({ target: 'aaaaaaaaaaaaaaaaaaaaaaaa' })),
    ).toBe(false);
    expect(canAttachToProspect(sale, prospectId, file({ kind: 'image' }))).toBe(false);
  });
});
