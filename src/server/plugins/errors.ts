import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorDetail, ErrorEnvelope } from '../../shared/envelope';
import { type ErrorCode, codeForStatus, defaultMessageForStatus } from '../../shared/errors';
import { AppError } from '../lib/errors';

/*
 * One error handler for the whole API: every failure leaves as the envelope of product-decisions.md
 * section 2, with the request id. A 5xx is logged with its request context and masked: no stack,
 * no internal message ever reaches the client.
 */

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  details?: ErrorDetail[],
) {
  const body: ErrorEnvelope = { success: false, message, code, status, requestId: String(request.id) };
  if (details && details.length > 0) body.details = details;
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

function validationDetails(error: FastifyError & { validationContext?: string }): ErrorDetail[] {
  return (error.validation ?? []).map((v) => {
    const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return { field: field || (error.validationContext ?? 'body'), message: v.message ?? 'Invalid value' };
  });
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      else if (error.message !== error.userMessage)
        request.log.info({ reason: error.message }, error.userMessage);
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return sendError(request, reply, error.status, error.code, error.userMessage, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = validationDetails(error);
      const first = error.validation[0];
      // A message about a named field is the one to show; a shapeless body gets the default text.
      const message =
        first && first.instancePath !== '' ? (first.message ?? '') : defaultMessageForStatus(400);
      return sendError(
        request,
        reply,
        400,
        'VALIDATION_ERROR',
        message || defaultMessageForStatus(400),
        details,
      );
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response did not match its schema');
      return sendError(request, reply, 500, 'SERVER_ERROR', defaultMessageForStatus(500));
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, status, 'SERVER_ERROR', defaultMessageForStatus(status));
    }
    if (status === 429) {
      return sendError(request, reply, 429, 'RATE_LIMIT_ERROR', defaultMessageForStatus(429));
    }
    // Fastify's own 4xx (malformed JSON, wrong content type, body too large): a client problem.
    request.log.info({ code: error.code, reason: error.message }, 'bad request');
    const code: ErrorCode =
      status === 401 || status === 403 || status === 404 ? codeForStatus(status) : 'VALIDATION_ERROR';
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'The request body is not valid JSON.'
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The request body is too large.'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type. Send JSON.'
            : defaultMessageForStatus(status);
    return sendError(request, reply, status, code, message);
  });
}

export default fp(errorsPlugin, { name: 'errors' });
