import { Inject, Injectable, Logger } from '@nestjs/common';
import type Database from 'better-sqlite3';
import { CommandBus } from '@nestjs/cqrs';
import { EventStore } from '@reloc/eventstore';
import { APP_CONFIG, AppConfig } from '../config';
import { SYSTEM_ACTOR } from '../auth/current-user';
import { hashPassword } from '../auth/password';
import { EVENT_STORE, READ_DB } from '../infrastructure/tokens';
import { FilesService } from '../files/files.service';
import {
  documentsDecider,
  type DocumentsCommand,
  type DocumentsEvent,
  expectedFileCount,
  hostHasExactAddress,
  isProjectStage,
  newObjectId,
  occurredAt,
  projectDecider,
  stageIndex,
  type Project,
} from '@reloc/domain';
import { mergeToPdf } from '@reloc/pdf';
import { BLOB_STORE, EncryptedBlobStore } from '../files/blob-store';
import { documentsStream } from '../documents/documents.service';
import { DocumentsReadModel } from '../documents/documents.read-model';
import { HostsReadModel } from '../hosts/hosts.read-model';
import { ProposalsReadModel } from '../proposals/proposals.read-model';
import { CommandExecutor } from '../infrastructure/command-executor';
import { Projector } from '../infrastructure/projector';
import { CreateUserCommand, DeactivateUserCommand } from '../users/commands/user-commands';
import { UserRow, UsersReadModel } from '../users/users.read-model';
import { DEMO_ACCOUNTS, SUPERADMIN_PROFILE } from './demo-staff';
import { demoProjects } from './demo-projects';
import { DEMO_DOSSIER_STAGE, DemoProjectRef, demoHosts, demoProposals } from './demo-catalogue';
import { demoPhotos } from './demo-photos';
import { parseProjectDoc } from '../projects/project-doc';
import { DemoProspect, demoProspects } from './demo-prospects';
import { demoAnnouncements } from './demo-announcements';
import { DEMO_BILLING_MARKER_STREAM, seedDemoBilling } from './demo-billing';
import { ProjectTimeline } from '../projects/project-timeline';

const DEMO_PROJECT_COUNT = 320;
/** The demo staff joined two years ago: their own dashboards show a year of history. */
const DEMO_STAFF_SINCE = new Date(Date.UTC(new Date().getUTCFullYear() - 2, 0, 1)).toISOString();

/** The demo's links are made as an admin would make them (the system actor is not staff). */
const DEMO_LINKER = { id: 'seed', trigram: 'CMA', role: 'ADMIN' };

/** A client file counts as relocated for its company from leaseFetched on (§3 leaseStats). */
const isRelocatedStage = (stage: string) =>
  isProjectStage(stage) && stageIndex(stage) >= stageIndex('leaseFetched');

const DEMO_MARKER_STREAM = 'seed-demo';
const DEMO_PROJECTS_MARKER_STREAM = 'seed-demo-projects';
const DEMO_CATALOGUE_MARKER_STREAM = 'seed-demo-catalogue';
const DEMO_PROSPECTS_MARKER_STREAM = 'seed-demo-prospects';
const DEMO_HOST_COUNT = 240;
const DEMO_ANNOUNCEMENTS_MARKER_STREAM = 'seed-demo-announcements';
const DEMO_ANNOUNCEMENT_COUNT = 25;
const DEMO_DOSSIERS_MARKER_STREAM = 'seed-demo-dossiers';

/**
 * First run: the superadmin of RELOC_ADMIN_EMAIL, then (unless RELOC_DEMO=0) the demo data
 * set, once: a marker stream records that it was seeded so a restart never seeds twice.
 */
@Injectable()
export class SeedService {
  private readonly logger = new Logger('Seed');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly commands: CommandBus,
    private readonly users: UsersReadModel,
    private readonly projector: Projector,
    private readonly files: FilesService,
    @Inject(READ_DB) private readonly db: Database.Database,
    private readonly executor: CommandExecutor,
    @Inject(BLOB_STORE) private readonly blobs: EncryptedBlobStore,
    private readonly timeline: ProjectTimeline,
  ) {}

  /**
   * Whether run() has anything left to do: the superadmin or a part of the demo is missing. A
   * restart answers false without writing, so only a first run claims the seed (seed-claim.ts).
   */
  async needed(): Promise<boolean> {
    if (!this.users.findByEmail(this.config.adminEmail)) return true;
    if (!this.config.demo) return false;
    const markers = [
      DEMO_MARKER_STREAM,
      DEMO_BILLING_MARKER_STREAM,
      DEMO_PROJECTS_MARKER_STREAM,
      DEMO_CATALOGUE_MARKER_STREAM,
      DEMO_PROSPECTS_MARKER_STREAM,
      DEMO_ANNOUNCEMENTS_MARKER_STREAM,
      DEMO_DOSSIERS_MARKER_STREAM,
    ];
    for (const marker of markers) if (!(await this.seeded(marker))) return true;
    return false;
  }

  async run(): Promise<void> {
    if (!this.users.findByEmail(this.config.adminEmail)) {
      await this.commands.execute(
        new CreateUserCommand(SYSTEM_ACTOR, {
          email: this.config.adminEmail,
          role: 'SUPERADMIN',
          ...SUPERADMIN_PROFILE,
          trigram: this.users.findByTrigram(SUPERADMIN_PROFILE.trigram)
            ? null
            : SUPERADMIN_PROFILE.trigram,
          passwordHash: await hashPassword(this.config.adminPassword),
        }),
      );
      this.logger.log(`superadmin ${this.config.adminEmail} created`);
    }
    if (!this.config.demo) return;
    // Each part of the demo records that it was seeded, so a restart never seeds it twice
    // and a data dir seeded by an older version gains what was added since.
    if (!(await this.seeded(DEMO_MARKER_STREAM))) {
      await this.seedDemoStaff();
      await this.markSeeded(DEMO_MARKER_STREAM, 'DemoDataSeeded', { version: 1 });
      this.logger.log(`demo staff seeded (${DEMO_ACCOUNTS.length} accounts)`);
    }
    await seedDemoBilling(this.store, this.commands, this.users);
    if (!(await this.seeded(DEMO_PROJECTS_MARKER_STREAM))) {
      await this.seedDemoProjects();
      await this.markSeeded(DEMO_PROJECTS_MARKER_STREAM, 'DemoProjectsSeeded', {
        count: DEMO_PROJECT_COUNT,
      });
      this.logger.log(`demo projects seeded (${DEMO_PROJECT_COUNT})`);
    }
    if (!(await this.seeded(DEMO_CATALOGUE_MARKER_STREAM))) {
      const started = Date.now();
      const counts = await this.seedDemoCatalogue();
      await this.markSeeded(DEMO_CATALOGUE_MARKER_STREAM, 'DemoCatalogueSeeded', counts);
      this.logger.log(
        `demo catalogue seeded (${counts.hosts} properties, ${counts.photos} photos, ` +
          `${counts.proposals} proposals) in ${Date.now() - started} ms`,
      );
    }
    if (!(await this.seeded(DEMO_DOSSIERS_MARKER_STREAM))) {
      const count = await this.seedDemoDossiers();
      await this.markSeeded(DEMO_DOSSIERS_MARKER_STREAM, 'DemoDossiersSeeded', { count });
      this.logger.log(`demo dossiers seeded (${count} files with a chosen property and documents)`);
    }
    if (!(await this.seeded(DEMO_PROSPECTS_MARKER_STREAM))) {
      const count = await this.seedDemoProspects();
      await this.markSeeded(DEMO_PROSPECTS_MARKER_STREAM, 'DemoProspectsSeeded', { count });
      this.logger.log(`demo prospects seeded (${count})`);
    }
    if (!(await this.seeded(DEMO_ANNOUNCEMENTS_MARKER_STREAM))) {
      for (const { streamId, events } of demoAnnouncements(DEMO_ANNOUNCEMENT_COUNT))
        await this.store.appendToStream(streamId, events, { expectedRevision: 'no_stream' });
      await this.markSeeded(DEMO_ANNOUNCEMENTS_MARKER_STREAM, 'DemoAnnouncementsSeeded', {
        count: DEMO_ANNOUNCEMENT_COUNT,
      });
      this.logger.log(`demo announcements seeded (${DEMO_ANNOUNCEMENT_COUNT})`);
    }
  }

  /** Prospects in every stage, each claiming its name as a user's creation would. */
  private async seedDemoProspects(): Promise<number> {
    const prospects = demoProspects();
    for (const prospect of prospects) {
      await this.store.appendToStream(
        prospect.nameStream,
        [{ type: 'UniqueValueClaimed', data: { ownerId: prospect.prospectId } }],
        { expectedRevision: 'no_stream' },
      );
      await this.store.appendToStream(prospect.streamId, prospect.events, {
        expectedRevision: 'no_stream',
      });
    }
    await this.linkDemoFilesToProspects(prospects);
    return prospects.length;
  }

  /**
   * Client files of the companies in 'testing' (one file) and 'done' (one relocated file and
   * one in progress), linked as staff would link them, so their theoretical status holds.
   */
  private async linkDemoFilesToProspects(prospects: DemoProspect[]): Promise<void> {
    const rows = this.db
      .prepare(
        `SELECT b.id, b.current_progress AS stage, d.doc FROM project_board b
         JOIN project_docs d ON d.id = b.id WHERE b.company_id IS NULL ORDER BY b.id`,
      )
      .all() as { id: string; stage: string; doc: string }[];
    const relocated = rows.filter((row) => isRelocatedStage(row.stage));
    const inProgress = rows.filter((row) => !isRelocatedStage(row.stage));
    for (const prospect of prospects) {
      const files =
        prospect.stage === 'done'
          ? [relocated.shift(), inProgress.shift()]
          : prospect.stage === 'testing'
            ? [inProgress.shift()]
            : [];
      for (const file of files) {
        if (!file) continue;
        // Linked when it happened (issue 15 point 26): after the company became a beta tester
        // and after the file's own last move, never in the future.
        const at = await this.linkedAt(prospect, file.id);
        await this.executor.execute(
          `project-${file.id}`,
          projectDecider,
          {
            type: 'UpdateFields',
            actor: DEMO_LINKER,
            at,
            changes: { companyId: prospect.prospectId, company: prospect.name },
          },
          { actor: DEMO_LINKER, at },
        );
      }
    }
  }

  /** An hour after both the prospect's 'testing' and the file's last timeline entry; not later than now. */
  private async linkedAt(prospect: DemoProspect, fileId: string): Promise<string> {
    const testing = prospect.events.find(
      (event) =>
        event.type === 'ProspectStageChanged' && (event.data as { to?: string }).to === 'testing',
    );
    const lastEntry = await this.timeline.lastEntryDate(fileId);
    const after = Math.max(
      Date.parse(String((testing?.data as { at?: string } | undefined)?.at ?? '')) || 0,
      Date.parse(lastEntry ?? '') || 0,
    );
    return new Date(Math.min(Date.now(), after + 3_600_000)).toISOString();
  }

  private async seeded(marker: string): Promise<boolean> {
    return (await this.store.readStream(marker, { maxCount: 1 })).length > 0;
  }

  private async markSeeded(marker: string, type: string, data: Record<string, unknown>) {
    const { position } = await this.store.appendToStream(
      marker,
      [{ type, data, metadata: { actor: SYSTEM_ACTOR, at: new Date().toISOString() } }],
      { expectedRevision: 'no_stream' },
    );
    await this.projector.waitFor(position);
  }

  private async seedDemoProjects(): Promise<void> {
    for (const project of demoProjects(DEMO_PROJECT_COUNT)) {
      await this.store.appendToStream(
        `unique-customer-email-${project.email}`,
        [{ type: 'UniqueValueClaimed', data: { ownerId: project.projectId } }],
        { expectedRevision: 'no_stream' },
      );
      await this.store.appendToStream(`project-${project.projectId}`, project.events, {
        expectedRevision: 'no_stream',
      });
      for (const comment of project.comments) {
        const id = (comment[0].data as { commentId: string }).commentId;
        await this.store.appendToStream(`comment-${id}`, comment, {
          expectedRevision: 'no_stream',
        });
      }
    }
  }

  /** Properties with drawn photos, and proposals on the demo projects already seeded. */
  private async seedDemoCatalogue(): Promise<{ hosts: number; photos: number; proposals: number }> {
    const photoIds: string[] = [];
    for (const [i, bytes] of demoPhotos().entries())
      photoIds.push(
        await this.files.store(
          { bytes, name: `demo-${i + 1}.png`, kind: 'image', target: 'demo' },
          SYSTEM_ACTOR,
        ),
      );
    const hosts = demoHosts(DEMO_HOST_COUNT, photoIds);
    const proposals = demoProposals(this.demoProjectRefs(), hosts);
    for (const { streamId, events } of [...hosts, ...proposals])
      await this.store.appendToStream(streamId, events, { expectedRevision: 'no_stream' });
    return { hosts: hosts.length, photos: photoIds.length, proposals: proposals.length };
  }

  /**
   * The files at awaitingSignature or later went through the §5 gates: each gets one of its
   * visited proposals with an exact address as its chosen property, and a file in each required
   * document slot (one shared demo PDF), so a consultant can carry it on without the superadmin.
   * Dated just before the file reached awaitingSignature. Answers how many files were completed.
   */
  private async seedDemoDossiers(): Promise<number> {
    const proposals = new ProposalsReadModel(this.db);
    const hosts = new HostsReadModel(this.db);
    const documents = new DocumentsReadModel(this.db);
    const exact = (hostId: string) => {
      const host = hosts.findById(hostId);
      return !!host && hostHasExactAddress(host);
    };
    const docs = this.db
      .prepare('SELECT doc FROM project_docs ORDER BY id')
      .pluck()
      .all() as string[];
    const files = docs
      .map(parseProjectDoc)
      .filter(
        (project) =>
          !project.deleted &&
          isProjectStage(project.currentProgress) &&
          stageIndex(project.currentProgress) >= stageIndex(DEMO_DOSSIER_STAGE),
      );
    if (!files.length) return 0;
    const [photo] = demoPhotos();
    const pdf = Buffer.from(
      await mergeToPdf([{ name: 'piece-demo.png', mime: 'image/png', bytes: photo }]),
    );
    const blob = this.blobs.put(pdf);
    let count = 0;
    let position = 0;
    for (const project of files) {
      const rows = proposals.byProject(project._id);
      const candidates = rows.filter((row) => exact(row.idSell));
      const chosen =
        candidates.find((row) => row.folderStatus === 'accepted') ??
        candidates.find((row) => row.visited && !row.visitCancelled) ??
        candidates[0];
      const at = SeedService.dossierTime(project);
      const trigram = project.assignees?.reloc ?? null;
      const metadata = {
        actor: { id: 'seed', trigram, role: 'SYSTEM' },
        at,
        correlationId: null,
        causationId: null,
        schemaVersion: 1,
      };
      if (chosen && !project.chosenEstate) {
        // After the stream's last event (a stream's times never go back), so the audit's
        // state at an instant reads it in its place.
        const stream = `project-${project._id}`;
        const [last] = await this.store.readStream(stream, {
          direction: 'backwards',
          maxCount: 1,
        });
        const lastAt = last ? Date.parse(occurredAt(last)) : Number.NaN;
        const chosenAt = Number.isNaN(lastAt)
          ? at
          : new Date(Math.max(Date.parse(at), lastAt + 60_000)).toISOString();
        ({ position } = await this.store.appendToStream(
          stream,
          [
            {
              type: 'ProjectEstateChosen',
              data: { projectId: project._id, hostId: chosen.idSell },
              metadata: { ...metadata, at: chosenAt },
            },
          ],
          { expectedRevision: 'any' },
        ));
      }
      if (documents.find(project._id)) continue;
      const ids = Array.from({ length: 40 }, () => newObjectId(new Date(at)));
      let state = documentsDecider.initialState();
      const events: DocumentsEvent[] = [];
      const decide = (command: DocumentsCommand) => {
        const decided = documentsDecider.decide(command, state);
        state = decided.reduce(documentsDecider.evolve, state);
        events.push(...decided);
      };
      decide({ type: 'EnsureDefaultFolders', projectId: project._id, ids, at });
      for (const slot of state.documents.filter((d) => d.type === 'file' && d.required))
        for (let n = 1; n <= expectedFileCount(slot.documentType); n++)
          decide({
            type: 'AttachFile',
            documentId: slot._id,
            file: {
              fileId: newObjectId(new Date(at)),
              name: `${slot.title}${n > 1 ? ` ${n}` : ''}.pdf`,
              mime: 'application/pdf',
              size: pdf.length,
              uploadedAt: at,
              uploader: trigram,
              hash: blob,
              encrypted: true,
            },
            at,
          });
      ({ position } = await this.store.appendToStream(
        documentsStream(project._id),
        events.map((event) => ({ type: event.type, data: event.data, metadata })),
        { expectedRevision: 'no_stream' },
      ));
      count += 1;
    }
    if (position) await this.projector.waitFor(position);
    return count;
  }

  /** An hour before the file's move to awaitingSignature (from its progress map). */
  private static dossierTime(project: Project): string {
    const moved = Date.parse(project.progress?.[DEMO_DOSSIER_STAGE] ?? '');
    return new Date((Number.isNaN(moved) ? Date.now() : moved) - 3_600_000).toISOString();
  }

  /** The projects to propose to: the demo's, read back (a data dir may predate this seed). */
  private demoProjectRefs(): DemoProjectRef[] {
    const docs = this.db
      .prepare('SELECT doc FROM project_docs ORDER BY id')
      .pluck()
      .all() as string[];
    return docs
      .map(parseProjectDoc)
      .filter((project) => !project.deleted)
      .map((project) => ({
        projectId: project._id,
        stage: project.currentProgress,
        stopped: project.stopped,
        workCity: project.addressWorkObject?.city ?? null,
        reloc: project.assignees?.reloc ?? null,
        places: {
          actualCity: project.actualCity,
          fromAddressObject: project.fromAddressObject,
          addressWork: project.addressWork,
          addressWorkObject: project.addressWorkObject,
        },
      }));
  }

  /** The demo team; every account gets its own hash (own salt), even with the same password. */
  private async seedDemoStaff(): Promise<void> {
    const replacement = DEMO_ACCOUNTS.find((a) => a.role === 'OPERATOR' && !a.deactivated);
    for (const account of DEMO_ACCOUNTS) {
      if (this.users.findByEmail(account.email)) continue;
      const user: UserRow = await this.commands.execute(
        new CreateUserCommand(SYSTEM_ACTOR, {
          ...account,
          passwordHash: await hashPassword(this.config.adminPassword),
          createdAt: DEMO_STAFF_SINCE,
        }),
      );
      if (account.deactivated && replacement)
        await this.commands.execute(
          new DeactivateUserCommand(SYSTEM_ACTOR, user.email, replacement.email),
        );
    }
  }
}
