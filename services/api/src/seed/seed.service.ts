import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { EventStore } from '@reloc/eventstore';
import { APP_CONFIG, AppConfig } from '../config';
import { SYSTEM_ACTOR } from '../auth/current-user';
import { hashPassword } from '../auth/password';
import { EVENT_STORE } from '../infrastructure/tokens';
import { CreateUserCommand, DeactivateUserCommand } from '../users/commands/user-commands';
import { UserRow, UsersReadModel } from '../users/users.read-model';
import { DEMO_ACCOUNTS, SUPERADMIN_PROFILE } from './demo-staff';

const DEMO_MARKER_STREAM = 'seed-demo';

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
  ) {}

  async run(): Promise<void> {
    const hash = await hashPassword(this.config.adminPassword);
    if (!this.users.findByEmail(this.config.adminEmail)) {
      await this.commands.execute(
        new CreateUserCommand(SYSTEM_ACTOR, {
          email: this.config.adminEmail,
          role: 'SUPERADMIN',
          ...SUPERADMIN_PROFILE,
          trigram: this.users.findByTrigram(SUPERADMIN_PROFILE.trigram)
            ? null
            : SUPERADMIN_PROFILE.trigram,
          passwordHash: hash,
        }),
      );
      this.logger.log(`superadmin ${this.config.adminEmail} created`);
    }
    if (!this.config.demo) return;
    if ((await this.store.readStream(DEMO_MARKER_STREAM, { maxCount: 1 })).length) return;
    await this.seedDemoStaff(hash);
    await this.store.appendToStream(
      DEMO_MARKER_STREAM,
      [
        {
          type: 'DemoDataSeeded',
          data: { version: 1 },
          metadata: { actor: SYSTEM_ACTOR, at: new Date().toISOString() },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    this.logger.log(`demo data seeded (${DEMO_ACCOUNTS.length} accounts)`);
  }

  private async seedDemoStaff(passwordHash: string): Promise<void> {
    const replacement = DEMO_ACCOUNTS.find((a) => a.role === 'OPERATOR' && !a.deactivated);
    for (const account of DEMO_ACCOUNTS) {
      if (this.users.findByEmail(account.email)) continue;
      const user: UserRow = await this.commands.execute(
        new CreateUserCommand(SYSTEM_ACTOR, { ...account, passwordHash }),
      );
      if (account.deactivated && replacement)
        await this.commands.execute(
          new DeactivateUserCommand(SYSTEM_ACTOR, user.email, replacement.email),
        );
    }
  }
}
