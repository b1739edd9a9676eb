import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import {
  CACHE_MESSAGES,
  CacheTarget,
  DomainError,
  parseCacheTarget,
  untargetedKind,
  UploadKind,
} from '@reloc/domain';
import { HostsReadModel } from '../hosts/hosts.read-model';
import { READ_DB } from '../infrastructure/tokens';
import { ProspectsReadModel } from '../prospects/prospects.read-model';

/**
 * What a cache target names (the rules are libs/domain files/cache-access.ts): `__reports`,
 * `demo`, nothing, or the id of an article, a signature template, a prospect or a property,
 * looked up in their read models. A target of another shape is a 400, an id that names
 * nothing (or something deleted) a 404.
 */
@Injectable()
export class CacheTargets {
  private readonly prospects: ProspectsReadModel;

  constructor(
    @Inject(READ_DB) private readonly db: Database.Database,
    private readonly hosts: HostsReadModel,
  ) {
    // The prospects module imports the files module: its read model is built here, not injected.
    this.prospects = new ProspectsReadModel(db);
  }

  /** The target of an upload (`kind` decides for an upload without one) or of a listing. */
  resolve(raw: string | null | undefined, kind: UploadKind = 'files'): CacheTarget {
    const ref = parseCacheTarget(raw);
    if (!ref)
      throw new DomainError(CACHE_MESSAGES.unknownTarget, 'invalid', {
        target: CACHE_MESSAGES.unknownTarget,
      });
    switch (ref.type) {
      case 'none':
        return { kind: untargetedKind(kind) };
      case 'reports':
        return { kind: 'reports' };
      case 'demoPhotos':
        return { kind: 'photos' };
      case 'resource': {
        const found = this.lookUp(ref.id);
        if (!found) throw new DomainError(CACHE_MESSAGES.targetNotFound, 'notFound');
        return found;
      }
    }
  }

  /** The target of a stored file; null when what it belonged to is gone. */
  ofFile(file: { target: string | null; kind: UploadKind }): CacheTarget | null {
    try {
      return this.resolve(file.target, file.kind);
    } catch (error) {
      if (error instanceof DomainError) return null;
      throw error;
    }
  }

  private lookUp(id: string): CacheTarget | null {
    const exists = (table: string) =>
      this.db.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).get(id) !== undefined;
    if (exists('kb_items')) return { kind: 'knowledge' };
    if (exists('signature_templates')) return { kind: 'signatureTemplate' };
    const prospect = this.prospects.findById(id);
    if (prospect) return { kind: 'prospect', prospect };
    if (this.hosts.findById(id)) return { kind: 'photos' };
    return null;
  }
}
