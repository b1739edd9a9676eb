import { Controller, Get, Inject, Logger, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { EventStore } from '@reloc/eventstore';
import { Public } from '../auth/roles.decorator';
import { Projector } from '../infrastructure/projector';
import { EVENT_STORE } from '../infrastructure/tokens';
import { BackupScheduler } from '../backup/backup-scheduler';
import { publicErrorText } from '../infrastructure/public-error';

/**
 * Liveness, readiness and the projector's position and lag per read model, so "caught up"
 * is observable. Answers 503 when not ready, for load balancers; the body says why.
 */
@ApiTags('health')
@Controller()
export class HealthController {
  private readonly logger = new Logger('Health');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly projector: Projector,
    private readonly backups: BackupScheduler,
  ) {}

  @Public()
  @Get('health')
  async health(@Res({ passthrough: true }) res: Response) {
    let head: number | null = null;
    let storeError: string | null = null;
    try {
      head = await this.store.headPosition();
    } catch (error) {
      // /health is public: the code only; the message (host, credentials) goes to the log.
      storeError = publicErrorText(error);
      this.logger.warn(
        `journal d'événements injoignable / event store unreachable: ${String(error)}`,
      );
    }
    const position = this.projector.currentPosition;
    const lag = head === null ? null : Math.max(0, head - position);
    const ready = storeError === null && this.projector.following;
    res.status(ready ? 200 : 503);
    return {
      ok: ready,
      live: true,
      ready,
      eventStore: storeError ? { reachable: false, error: storeError } : { reachable: true, head },
      projector: { following: this.projector.following, position, head, lag },
      readModels: this.projector.readModels.map((model) => ({ ...model, position, lag })),
      // Scheduled backups (RELOC_BACKUP_DIR): the last result and the age of the last good one.
      backup: this.backups.status(),
    };
  }
}
