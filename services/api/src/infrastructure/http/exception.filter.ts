import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { API_MESSAGES, DomainError, DomainErrorKind } from '@reloc/domain';
import { WrongExpectedVersionError } from '@reloc/eventstore';

const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  unauthorized: 401,
  tooMany: 429,
};

/** Every error leaves as `{message, errors?}`; only the unexpected is a 500, and it is logged. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Http');

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    const { status, body } = this.describe(error);
    if (status >= 500) this.logger.error(error instanceof Error ? error.stack : String(error));
    response.status(status).json(body);
  }

  private describe(error: unknown): { status: number; body: Record<string, unknown> } {
    if (error instanceof DomainError) {
      const body: Record<string, unknown> = { message: error.message };
      if (error.errors) body.errors = error.errors;
      // A save conflict names the fields and carries their current values (nothing is lost).
      const conflict = error as DomainError & {
        fields?: unknown;
        current?: unknown;
        revision?: unknown;
      };
      if (conflict.fields)
        Object.assign(body, {
          fields: conflict.fields,
          current: conflict.current,
          revision: conflict.revision,
        });
      return { status: STATUS_BY_KIND[error.kind], body };
    }
    if (error instanceof WrongExpectedVersionError) {
      return { status: 409, body: { message: 'Conflit de version, réessayez' } };
    }
    if (error instanceof HttpException) {
      const response = error.getResponse();
      const body: Record<string, unknown> =
        typeof response === 'string' ? { message: response } : { ...(response as object) };
      if (Array.isArray(body.message)) body.message = body.message.join(', ');
      delete body.statusCode;
      delete body.error;
      if (error.getStatus() === 404 && !('errors' in body)) body.message = API_MESSAGES.notFound;
      return { status: error.getStatus(), body };
    }
    return { status: 500, body: { message: 'Une erreur interne a eu lieu' } };
  }
}
