import type { ErrorDetail } from '@shared/envelope';
import { type ErrorCode, NETWORK_MESSAGE, codeForStatus } from '@shared/errors';

/*
 * The one way the web app talks to the API (spec section 7): JSON, the bearer token when there is
 * one, and every failure turned into an ApiError carrying the spec's code, status and message
 * (section 8). Retries live in the query client, not here.
 */

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: ErrorCode,
    readonly details: ErrorDetail[] = [],
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const API_BASE = '/api';

let tokenSource: () => string | null = () => null;
let onUnauthenticated: () => void = () => {};

/** The auth layer tells the client where the token is and what to do when the server rejects it. */
export function configureApiAuth(options: { getToken: () => string | null; onUnauthenticated: () => void }) {
  tokenSource = options.getToken;
  onUnauthenticated = options.onUnauthenticated;
}

type Json = Record<string, unknown>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /**
   * Send no token (sign-in, sign-up, password reset): a 401 there means wrong credentials, not that
   * the current session has ended.
   */
  anonymous?: boolean;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function parseJson(text: string): Json | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return null;
  }
}

/** What a failed fetch or body read throws: the caller's own abort as it is, else a network error. */
function networkFailure(err: unknown): unknown {
  return err instanceof DOMException && err.name === 'AbortError'
    ? err
    : new ApiError(NETWORK_MESSAGE, 0, 'NETWORK_ERROR');
}

/**
 * The answer's text. A body cut off after its headers (the connection dropped, or the page was left
 * mid-answer) is a network failure like no answer at all, not an error of some other kind.
 */
async function readBody(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch (err) {
    throw networkFailure(err);
  }
}

/** The spec's error for a failed answer (section 8); a 401 to a signed-in call also ends the session. */
function errorFromEnvelope(status: number, body: Json | null, token: string | null): ApiError {
  const message =
    (typeof body?.message === 'string' && body.message) ||
    (typeof body?.error === 'string' && body.error) ||
    `HTTP error! status: ${status}`;
  const code = (typeof body?.code === 'string' ? body.code : codeForStatus(status)) as ErrorCode;
  const details = Array.isArray(body?.details) ? (body.details as ErrorDetail[]) : [];
  if (status === 401 && token) onUnauthenticated();
  return new ApiError(
    message,
    status,
    code,
    details,
    typeof body?.requestId === 'string' ? body.requestId : undefined,
  );
}

/** Calls the API and returns the envelope's `data` (or the whole body when it has none). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequestWithMessage<T>(path, options)).data;
}

/** Like apiRequest, plus the envelope's `message` (spec section 7: "its data field ... plus message"). */
export async function apiRequestWithMessage<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T; message: string | undefined }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.anonymous ? null : tokenSource();
  if (token) headers.authorization = `Bearer ${token}`;
  // A file (Blob) goes as its bytes, anything else as JSON.
  const raw = options.body instanceof Blob ? options.body : null;
  if (raw) headers['content-type'] = raw.type || 'application/octet-stream';
  else if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (err) {
    throw networkFailure(err);
  }

  const body = parseJson(await readBody(response));
  if (!response.ok || body?.success === false) {
    throw errorFromEnvelope(response.ok ? 400 : response.status, body, token);
  }
  return {
    data: (body && 'data' in body ? body.data : body) as T,
    message: typeof body?.message === 'string' && body.message ? body.message : undefined,
  };
}

/**
 * A call answered with a stream (server-sent events) rather than one envelope: the same token, and
 * the same ApiError for a network failure or for an error the server answers before the stream
 * starts. Returns the 2xx response for the caller to read.
 */
export async function apiStream(
  path: string,
  options: Pick<RequestOptions, 'method' | 'body' | 'signal'> = {},
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  const token = tokenSource();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(path), {
      method: options.method ?? 'POST',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    throw networkFailure(err);
  }
  if (!response.ok) throw errorFromEnvelope(response.status, parseJson(await readBody(response)), token);
  return response;
}

/** A signed-in GET answered with bytes (a file the user uploaded), as a Blob. */
export async function apiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = tokenSource();
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(path), { headers, signal });
  } catch (err) {
    throw networkFailure(err);
  }
  if (!response.ok) throw errorFromEnvelope(response.status, parseJson(await readBody(response)), token);
  return response.blob();
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) =>
    apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};
