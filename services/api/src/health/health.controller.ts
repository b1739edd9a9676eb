import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { EventStore } from '@reloc/eventstore';
import { Public } from '../auth/roles.decorator';
import { Projector } from '../infrastructure/projector';
import { EVENT_STORE } from '../infrastructure/tokens';

/** Liveness and the projector's position and lag, so "caught up" is observable. */
@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly projector: Projector,
  ) {}

  @Public()
  @Get('health')
  async health() {
    const head = await this.store.headPosition();
    const position = this.projector.currentPosition;
    return { ok: true, projector: { position, head, lag: Math.max(0, head - position) } };
  }
}
