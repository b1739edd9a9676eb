import { Inject, Injectable, Logger } from '@nestjs/common';
import type Database from 'better-sqlite3';
import { CommandBus } from '@nestjs/cqrs';
import { EventStore } from '@reloc/eventstore';
import { APP_CONFIG, AppConfig } from '../config';
import { SYSTEM_ACTOR } from '../auth/current-user';
import { hashPassword } from '../auth/password';
import { EVENT_STORE, READ_DB } from '../infrastructure/tokens';
import { FilesService } from '../files/files.service';
import { isProjectStage, stageIndex, type Project } from '@reloc/domain';
import { Projector } from '../infrastructure/projector';
import { CreateUserCommand, DeactivateUserCommand } from '../users/commands/user-commands';
import { UserRow, UsersReadModel } from '../users/users.read-model';
import { DEMO_ACCOUNTS, SUPERADMIN_PROFILE } from './demo-staff';
import { demoProjects } from './demo-projects';
import { DemoProjectRef, demoHosts, demoProposals } from './demo-catalogue';
import { demoPhotos } from './demo-photos';
import { DemoProspect, demoProspects } from './demo-prospects';
import { UpdateProjectCommand } from '../projects/commands/project-commands';
import { demoAnnouncements } from './demo-announcements';
import { DEMO_BILLING_MARKER_STREAM, seedDemoBilling } from './demo-billing';

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
        const { revision } = JSON.parse(file.doc) as Project;
        await this.commands.execute(
          new UpdateProjectCommand(DEMO_LINKER, file.id, revision, {
            companyId: prospect.prospectId,
            company: prospect.name,
          }),
        );
      }
    }
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

  /** The projects to propose to: the demo's, read back (a data dir may predate this seed). */
  private demoProjectRefs(): DemoProjectRef[] {
    const docs = this.db
      .prepare('SELECT doc FROM project_docs ORDER BY id')
      .pluck()
      .all() as string[];
    return docs
      .map((doc) => JSON.parse(doc) as Project)
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
