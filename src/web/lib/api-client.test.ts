import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiRequest, apiRequestWithMessage, configureApiAuth } from './api-client';
import { errorToastContent } from './error-toast';
import { retryDelay, shouldRetry } from './query-client';

/*
 * The client side of spec section 8 (codes, messages, toasts) and section 9 (retries). fetch is the
 * boundary to the network, so it is the one thing replaced here; the server side of the envelope is
 * tested against the real server in src/server.
 */

function respond(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })),
  );
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
  configureApiAuth({ getToken: () => null, onUnauthenticated: () => {} });
});

describe('api client', () => {
  it("returns the envelope's data", async () => {
    respond(200, { success: true, data: { prompts: [1, 2] } });
    await expect(api.get('/marketplace/prompts', { page: 1, search: '' })).resolves.toEqual({
      prompts: [1, 2],
    });
    const [url] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe('/api/marketplace/prompts?page=1');
  });

  it('keeps the server message and code from the envelope', async () => {
    respond(400, {
      success: false,
      message: 'Limit must be at most 50',
      code: 'VALIDATION_ERROR',
      status: 400,
      details: [{ field: 'limit', message: 'Limit must be at most 50' }],
      requestId: 'r1',
    });
    const err = await failure(api.get('/x'));
    expect(err).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Limit must be at most 50',
      requestId: 'r1',
    });
    expect(err.details).toEqual([{ field: 'limit', message: 'Limit must be at most 50' }]);
  });

  it.each([
    [401, 'AUTHENTICATION_ERROR'],
    [403, 'AUTHORIZATION_ERROR'],
    [404, 'NOT_FOUND_ERROR'],
    [429, 'RATE_LIMIT_ERROR'],
    [500, 'SERVER_ERROR'],
    [502, 'SERVER_ERROR'],
    [504, 'SERVER_ERROR'],
  ])('maps a bare %i to %s with "HTTP error! status: n"', async (status, code) => {
    respond(status, 'upstream exploded');
    const err = await failure(api.get('/x'));
    expect(err).toMatchObject({ status, code, message: `HTTP error! status: ${status}` });
  });

  it('reads an "error" field when there is no message', async () => {
    respond(502, { error: 'Bad gateway from proxy' });
    expect((await failure(api.get('/x'))).message).toBe('Bad gateway from proxy');
  });

  it('turns no response into NETWORK_ERROR with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const err = await failure(api.post('/contact', {}));
    expect(err).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Network error. Please check your internet connection.',
    });
  });

  it('turns an answer cut off after its headers into NETWORK_ERROR too', async () => {
    const cutOff = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.error(new TypeError('network error'));
          },
        }),
        { status: 200 },
      );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => cutOff()),
    );
    expect(await failure(api.get('/auth/me'))).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('sends the bearer token and reports a 401 so the stored token can be dropped', async () => {
    const onUnauthenticated = vi.fn();
    configureApiAuth({ getToken: () => 'tok', onUnauthenticated });
    respond(401, {
      success: false,
      message: 'Authentication required. Please log in.',
      code: 'AUTHENTICATION_ERROR',
      status: 401,
    });
    await failure(api.get('/auth/me'));
    const [, init] = vi.mocked(fetch).mock.calls[0]!;
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(onUnauthenticated).toHaveBeenCalledOnce();
  });

  it('sends no token on anonymous calls, where a 401 is only a wrong password', async () => {
    const onUnauthenticated = vi.fn();
    configureApiAuth({ getToken: () => 'tok', onUnauthenticated });
    respond(401, {
      success: false,
      message: 'Invalid email or password',
      code: 'AUTHENTICATION_ERROR',
      status: 401,
    });
    const error = await failure(
      apiRequest('/auth/login', { method: 'POST', body: { email: 'a@b.c', password: 'x' }, anonymous: true }),
    );
    expect(error.message).toBe('Invalid email or password');
    const [, init] = vi.mocked(fetch).mock.calls[0]!;
    expect((init?.headers as Record<string, string>).authorization).toBeUndefined();
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it("reads the envelope's message beside its data", async () => {
    respond(200, { success: true, data: null, message: 'Password reset link has been sent to your email' });
    await expect(
      apiRequestWithMessage('/auth/forgot-password', { method: 'POST', body: {} }),
    ).resolves.toEqual({
      data: null,
      message: 'Password reset link has been sent to your email',
    });
  });
});

describe('retry rules', () => {
  const err = (status: number) => new ApiError('x', status, 'SERVER_ERROR');
  it('retries server and network failures up to 3 times', () => {
    expect(shouldRetry(0, err(500))).toBe(true);
    expect(shouldRetry(2, err(0))).toBe(true);
    expect(shouldRetry(3, err(503))).toBe(false);
  });
  it('never retries a 4xx except 429', () => {
    for (const status of [400, 401, 403, 404, 422]) expect(shouldRetry(0, err(status))).toBe(false);
    expect(shouldRetry(0, err(429))).toBe(true);
  });
  it('doubles the delay from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('error toasts', () => {
  it("uses the spec's title and description per code", () => {
    expect(errorToastContent(new ApiError('x', 0, 'NETWORK_ERROR'))).toEqual({
      title: 'Connection Error',
      description: 'Please check your internet connection and try again.',
    });
    expect(errorToastContent(new ApiError('boom', 500, 'SERVER_ERROR'))).toEqual({
      title: 'Server Error',
      description: "We're experiencing technical difficulties. Please try again later.",
    });
    expect(errorToastContent(new ApiError('x', 429, 'RATE_LIMIT_ERROR')).title).toBe('Rate Limit Exceeded');
  });
  it("shows the server's words for a validation error", () => {
    expect(errorToastContent(new ApiError('Full name is required', 400, 'VALIDATION_ERROR'))).toEqual({
      title: 'Invalid Input',
      description: 'Full name is required',
    });
  });
});
