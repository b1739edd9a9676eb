import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SignatureStepBody, signatureStepSchema } from '@reloc/contracts';
import {
  DomainError,
  isSignatureStep,
  SIGNATURE_MESSAGES,
  SIGNATURE_STEP_LABELS,
} from '@reloc/domain';
import { actorOf, CurrentUser } from '../auth/current-user';
import { Roles } from '../auth/roles.decorator';
import { validated } from '../infrastructure/http/validate';
import { UserRow } from '../users/users.read-model';
import { SignaturesService } from './signatures.service';

/** §7 "Documents and signatures": reads for staff; generating and aborting for admins (§6). */
@ApiTags('signatures')
@Controller('signatures')
export class SignaturesController {
  constructor(private readonly signatures: SignaturesService) {}

  @Get('proof/:id')
  proof(@Param('id') id: string) {
    const request = this.signatures.byId(id);
    if (!request || request.status !== 'ARCHIVED' || !request.proofHash)
      throw new DomainError(SIGNATURE_MESSAGES.notArchived, 'notFound');
    return {
      proof: this.signatures.fileUrl(
        request.proofHash,
        `Preuve - ${SIGNATURE_STEP_LABELS[request.step]}.pdf`,
      ),
    };
  }

  @Get('final-doc/:projectId/:step/:transactionId')
  finalDoc(
    @Param('projectId') projectId: string,
    @Param('step') step: string,
    @Param('transactionId') transactionId: string,
  ) {
    const request = isSignatureStep(step) ? this.signatures.current(projectId, step) : null;
    if (
      !request ||
      request.transactionId !== transactionId ||
      request.status !== 'ARCHIVED' ||
      !request.finalHash
    )
      throw new DomainError(SIGNATURE_MESSAGES.notArchived, 'notFound');
    return { finalDoc: this.signatures.fileUrl(request.finalHash, request.documentName) };
  }

  @Get(':projectId')
  list(@Param('projectId') projectId: string) {
    return this.signatures.list(projectId).map((r) => this.signatures.dto(r));
  }

  @Post(':projectId')
  @Roles('ADMIN', 'SUPERADMIN')
  async request(
    @CurrentUser() me: UserRow,
    @Param('projectId') projectId: string,
    @Body() body: unknown,
  ) {
    const { step } = validated<SignatureStepBody>(signatureStepSchema, body);
    return this.signatures.dto(await this.signatures.request(projectId, step, actorOf(me)));
  }

  @Put('abort/:projectId')
  @Roles('ADMIN', 'SUPERADMIN')
  @HttpCode(200)
  async abort(
    @CurrentUser() me: UserRow,
    @Param('projectId') projectId: string,
    @Body() body: unknown,
  ) {
    const { step } = validated<SignatureStepBody>(signatureStepSchema, body);
    await this.signatures.abort(projectId, step, actorOf(me));
    return { aborted: true };
  }
}
