import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, configureApiAuth } from '@/lib/api-client';
import { streamChat } from './send-message';

/*
 * The streaming client against the wire format of POST /api/playground/chat. fetch is the boundary,
 * so it is what is replaced; the server's side of the stream is tested against the real server.
 */

const encoder = new TextEncoder();

/** A response whose body arrives in the given byte pieces, as a network would cut it. */
function streamResponse(text: string, cuts: number[]) {
  const bytes = encoder.encode(text);
  const points = [0, ...cuts, bytes.length];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 1; i < points.length; i++) controller.enqueue(bytes.slice(points[i - 1], points[i]));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const REPLY = {
  response: 'Olá wörld',
  sessionId: 's1',
  messageId: 'm1',
  model: 'claude',
  live: false,
  sources: [],
  reasoning: null,
  usage: { inputTokens: 12, outputTokens: 3, estimated: true, costMicros: 0 },
};

afterEach(() => {
  vi.unstubAllGlobals();
  configureApiAuth({ getToken: () => null, onUnauthenticated: () => {} });
});

describe('streamChat', () => {
  it('streams tokens, even with events and characters split across chunks, and resolves with the reply', async () => {
    const text =
      sse('session', { sessionId: 's1', model: 'claude', live: false }) +
      sse('token', { text: 'Olá ' }) +
      sse('token', { text: 'wörld' }) +
      sse('done', REPLY);
    // Cut inside the multi-byte "á" and "ö" and inside event names.
    const cuts = [5, 30, 71, 72, 90, 118, 119, 140];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamResponse(text, cuts)),
    );
    configureApiAuth({ getToken: () => 'tok', onUnauthenticated: () => {} });

    const sessions: string[] = [];
    const tokens: string[] = [];
    const reply = await streamChat(
      { message: 'hi', model: 'claude' },
      { onSession: (s) => sessions.push(s.sessionId), onToken: (t) => tokens.push(t) },
    );
    expect(reply).toEqual(REPLY);
    expect(sessions).toEqual(['s1']);
    expect(tokens.join('')).toBe('Olá wörld');

    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe('/api/playground/chat');
    const headers = init?.headers as Record<string, string>;
    expect(headers.accept).toBe('text/event-stream');
    expect(headers.authorization).toBe('Bearer tok');
    expect(JSON.parse(String(init?.body))).toEqual({ message: 'hi', model: 'claude' });
  });

  it('reads CRLF line breaks, and not a last event the stream cut before its blank line', async () => {
    const crlf = (text: string) => text.replace(/\n/g, '\r\n');
    const whole = crlf(sse('token', { text: 'Hi' }) + sse('done', REPLY));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamResponse(whole, [3])),
    );
    const tokens: string[] = [];
    expect(await streamChat({ message: 'hi', model: 'claude' }, { onToken: (t) => tokens.push(t) })).toEqual(
      REPLY,
    );
    expect(tokens).toEqual(['Hi']);

    // The event stream format drops an event the stream ended inside: the reply did not arrive whole.
    const cut = sse('token', { text: 'Hi' }) + `event: done\ndata: ${JSON.stringify(REPLY)}`;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamResponse(cut, [3])),
    );
    await expect(streamChat({ message: 'hi', model: 'claude' }, {})).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
  });

  it('turns an error event into an ApiError with the server message', async () => {
    const text =
      sse('session', { sessionId: 's1', model: 'claude', live: true }) +
      sse('token', { text: 'Par' }) +
      sse('error', {
        message: 'Failed to get AI response',
        code: 'SERVER_ERROR',
        status: 502,
        requestId: 'r1',
      });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamResponse(text, [])),
    );
    const error = await streamChat({ message: 'hi', model: 'claude' }, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Failed to get AI response', status: 502, code: 'SERVER_ERROR' });
  });

  it('maps a JSON error before the stream like any API call', async () => {
    const onUnauthenticated = vi.fn();
    configureApiAuth({ getToken: () => 'tok', onUnauthenticated });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              success: false,
              message:
                'You have reached your playground session limit. Please upgrade your plan to continue.',
              code: 'AUTHORIZATION_ERROR',
              status: 403,
            }),
            { status: 403, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    const error = await streamChat({ message: 'hi', model: 'claude' }, {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, code: 'AUTHORIZATION_ERROR' });
    expect((error as ApiError).message).toContain('session limit');
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('a 401 before the stream ends the session, as for any signed-in call', async () => {
    const onUnauthenticated = vi.fn();
    configureApiAuth({ getToken: () => 'tok', onUnauthenticated });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ success: false, message: 'Expired' }), { status: 401 }),
      ),
    );
    await expect(streamChat({ message: 'hi', model: 'claude' }, {})).rejects.toMatchObject({
      status: 401,
      code: 'AUTHENTICATION_ERROR',
    });
    expect(onUnauthenticated).toHaveBeenCalledOnce();
  });

  it('a stream that ends without done or error is a network failure', async () => {
    const text =
      sse('session', { sessionId: 's1', model: 'claude', live: false }) + sse('token', { text: 'Pa' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamResponse(text, [])),
    );
    await expect(streamChat({ message: 'hi', model: 'claude' }, {})).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });

  it('reads the plain JSON answer when no stream comes back', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: true, data: REPLY }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const tokens: string[] = [];
    await expect(
      streamChat({ message: 'hi', model: 'claude' }, { onToken: (t) => tokens.push(t) }),
    ).resolves.toEqual(REPLY);
    expect(tokens).toEqual(['Olá wörld']);
  });

  it('lets an abort through as an AbortError', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        const body = new ReadableStream<Uint8Array>({
          start(c) {
            c.enqueue(encoder.encode(sse('session', { sessionId: 's1', model: 'claude', live: false })));
            init?.signal?.addEventListener('abort', () => c.error(new DOMException('Aborted', 'AbortError')));
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    const pending = streamChat(
      { message: 'hi', model: 'claude' },
      { onSession: () => controller.abort() },
      controller.signal,
    );
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
