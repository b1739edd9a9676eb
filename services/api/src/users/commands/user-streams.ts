import { Injectable } from '@nestjs/common';
import { API_MESSAGES, uniqueValueDecider } from '@reloc/domain';
import { CommandContext, CommandExecutor } from '../../infrastructure/command-executor';

export const userStream = (userId: string) => `user-${userId}`;

/** Claims on e-mails and trigrams, each in its own stream so concurrent writers cannot both win. */
@Injectable()
export class UniqueClaims {
  constructor(private readonly executor: CommandExecutor) {}

  claimEmail(email: string, ownerId: string, context: CommandContext) {
    return this.executor.execute(
      `unique-email-${email}`,
      uniqueValueDecider,
      { type: 'Claim', ownerId, conflictMessage: API_MESSAGES.duplicateMail },
      context,
    );
  }

  releaseEmail(email: string, ownerId: string, context: CommandContext) {
    return this.executor.execute(
      `unique-email-${email}`,
      uniqueValueDecider,
      { type: 'Release', ownerId },
      context,
    );
  }

  claimTrigram(trigram: string, ownerId: string, context: CommandContext) {
    return this.executor.execute(
      `unique-trigram-${trigram}`,
      uniqueValueDecider,
      { type: 'Claim', ownerId, conflictMessage: API_MESSAGES.duplicateTrigram },
      context,
    );
  }

  releaseTrigram(trigram: string, ownerId: string, context: CommandContext) {
    return this.executor.execute(
      `unique-trigram-${trigram}`,
      uniqueValueDecider,
      { type: 'Release', ownerId },
      context,
    );
  }
}
