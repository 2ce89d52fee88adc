import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorDetail, ErrorEnvelope } from '../../../shared/envelope';
import { type ErrorCode, codeForStatus, defaultMessageForStatus } from '../../../shared/errors';
import { isDatabaseUnavailableError } from '../../db/database';
import { AppError } from '../../lib/errors';

/** Deepest JSON nesting a request body may have; deeper bodies are refused before parsing. */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;

export const FORBIDDEN_KEY_MESSAGE =
  'The request body uses a forbidden property name (__proto__ or constructor).';

function isPlainJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** True when the JSON text nests arrays or objects more than `max` levels: one linear scan, no parsing. */
export function jsonNestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

export const NUL_MESSAGE = 'Text must not contain NUL characters.';

/** The dotted path of the first string (or key) holding a NUL character; '' for the value itself. */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  // A Buffer (the raw webhook body) is bytes, not text.
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return null;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
    const found = findNul(inner, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/** The longest path parameter the router takes (its maxParamLength); a longer one answers 414. */
export const MAX_PARAM_LENGTH = 100;

/**
 * Router errors Fastify answers before any hook or handler runs (a malformed percent-encoding, a
 * path parameter over maxParamLength): the same envelope as every other refusal.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-request-id', request.id);
  request.log.info({ code: error.code, reason: error.message }, 'bad request');
  return sendAddressError(request, reply, error.code === 'FST_ERR_MAX_PARAM_LENGTH');
}

/** The envelope for an address the router cannot take: too long (414) or malformed (400). */
export function sendAddressError(request: FastifyRequest, reply: FastifyReply, tooLong: boolean) {
  const message = tooLong ? 'The address is too long.' : 'The address is not valid.';
  return sendError(request, reply, tooLong ? 414 : 400, 'VALIDATION_ERROR', message, [
    { field: 'url', message },
  ]);
}

/**
 * True when a path has a segment longer than any parameter may be (measured decoded, as the router
 * does). The router answers such an API path 414 by itself only while no other route matches it;
 * the web app's catch-all page route (spa.ts) matches every path, so its not-found answer asks here.
 */
export function hasOverlongSegment(path: string): boolean {
  return path.split('/').some((segment) => {
    if (segment.length <= MAX_PARAM_LENGTH) return false;
    try {
      return decodeURIComponent(segment).length > MAX_PARAM_LENGTH;
    } catch {
      return true;
    }
  });
}

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
  // A validation error always says what was wrong, even when no single field is to blame.
  else if (code === 'VALIDATION_ERROR') body.details = [{ field: 'request', message }];
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

function validationDetails(error: FastifyError & { validationContext?: string }): ErrorDetail[] {
  return (error.validation ?? []).map((v) => {
    const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return { field: field || (error.validationContext ?? 'body'), message: v.message ?? 'Invalid value' };
  });
}

/** JSON bodies: Fastify's own parser (prototype poisoning refused), behind a nesting-depth guard. */
function guardJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestingExceeds(body as string, MAX_JSON_DEPTH)) {
      done(
        new AppError('VALIDATION_ERROR', TOO_DEEP_MESSAGE, {
          details: [{ field: 'body', message: TOO_DEEP_MESSAGE }],
        }),
        undefined,
      );
      return;
    }
    parseJson(request, body as string, (err, value) => {
      if (
        err &&
        (err as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' &&
        isPlainJson(body as string)
      ) {
        // Valid JSON the safe parser refused: it names __proto__ or constructor.prototype.
        done(
          new AppError('VALIDATION_ERROR', FORBIDDEN_KEY_MESSAGE, {
            details: [{ field: 'body', message: FORBIDDEN_KEY_MESSAGE }],
          }),
          undefined,
        );
        return;
      }
      done(err, value);
    });
  });
}

/** Other errors: Fastify's own 4xx, a rate limit, or a 5xx (logged, answered with the default text). */
function sendOtherError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
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
          : error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH'
            ? 'The request body does not match its Content-Length.'
            : defaultMessageForStatus(status);
  const field = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'content-type' : 'body';
  return sendError(
    request,
    reply,
    status,
    code,
    message,
    code === 'VALIDATION_ERROR' ? [{ field, message }] : undefined,
  );
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
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
    const message = first && first.instancePath !== '' ? (first.message ?? '') : defaultMessageForStatus(400);
    return sendError(
      request,
      reply,
      400,
      'VALIDATION_ERROR',
      message || defaultMessageForStatus(400),
      details,
    );
  }
  if (isDatabaseUnavailableError(error)) {
    // Not writable, disk full, unreachable or restarting: a passing condition, said as such.
    request.log.error({ err: error }, 'database unavailable');
    return sendError(request, reply, 503, 'SERVER_ERROR', defaultMessageForStatus(503));
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause?.issues }, 'response did not match its schema');
    return sendError(request, reply, 500, 'SERVER_ERROR', defaultMessageForStatus(500));
  }
  return sendOtherError(error, request, reply);
}

async function errorsPlugin(app: FastifyInstance) {
  guardJsonBodies(app);

  // NUL is never text a user typed, and PostgreSQL cannot store it: refused in any body, query or
  // path value on both engines, before the route sees it.
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const field = findNul(value);
      if (field !== null) {
        throw new AppError('VALIDATION_ERROR', NUL_MESSAGE, {
          details: [{ field: field || part, message: NUL_MESSAGE }],
        });
      }
    }
  });

  app.setErrorHandler(handleError);
}

export default fp(errorsPlugin, { name: 'errors' });
