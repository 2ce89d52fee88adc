import type { ErrorDetail } from '../../shared/envelope';
import { type ErrorCode, STATUS_FOR_CODE, defaultMessageForStatus } from '../../shared/errors';

/**
 * A failure a service expects: it carries one of the spec's codes, the message the user sees, and
 * optionally an internal message for the logs only.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly userMessage: string = defaultMessageForStatus(STATUS_FOR_CODE[code]),
    options: {
      status?: number;
      details?: ErrorDetail[];
      internal?: string;
      cause?: unknown;
      /** Sent as Retry-After with a RATE_LIMIT_ERROR. */
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(options.internal ?? userMessage, { cause: options.cause });
    this.name = 'AppError';
    this.status = options.status ?? STATUS_FOR_CODE[code];
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
  readonly details: ErrorDetail[] | undefined;
  readonly retryAfterSeconds: number | undefined;
}

export const notFound = (what = 'The requested resource was not found.') =>
  new AppError('NOT_FOUND_ERROR', what);
export const validation = (message: string, details?: ErrorDetail[]) =>
  new AppError('VALIDATION_ERROR', message, { details });

/** A VALIDATION_ERROR about one field, with that field's message as the message. */
export const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { details: [{ field, message }] });
