import http from 'node:http';

/*
 * Fake AI providers on loopback that speak the real wire formats: Anthropic's Messages API and the
 * OpenAI Chat Completions API (which Perplexity and local servers speak too), both streaming as
 * server-sent events. The app's provider models talk to them over HTTP. Each test sets what the next
 * replies do; every request body is recorded.
 */

export type FakeBehaviour =
  | { kind: 'reply'; text: string; delayMs?: number; firstTokenDelayMs?: number }
  /** An error answer, to this many requests in a row (the app's retries included); 1 by default. */
  | { kind: 'status'; status: number; body?: unknown; times?: number }
  | { kind: 'malformed' }
  | { kind: 'cut'; afterTokens: number; text: string }
  | { kind: 'stream-error'; afterTokens: number; text: string }
  /** The stream ends cleanly after some tokens, without the format's closing events (a proxy that gave up). */
  | { kind: 'truncated'; afterTokens: number; text: string }
  | { kind: 'hang' }
  /** 200 with a body that is not the wire format at all (a proxy's HTML page). */
  | { kind: 'garbage' }
  /** The connection is dropped before any response headers. */
  | { kind: 'reset' };

export interface RecordedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

const chunks = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function anthropicEvents(text: string, tokens: string[]) {
  const head = [
    [
      'message_start',
      {
        type: 'message_start',
        message: {
          id: 'msg_fake',
          type: 'message',
          role: 'assistant',
          model: 'claude-fake',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 12, output_tokens: 1 },
        },
      },
    ],
    [
      'content_block_start',
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    ],
    ['ping', { type: 'ping' }],
  ] as const;
  const deltas = tokens.map(
    (t) =>
      [
        'content_block_delta',
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: t } },
      ] as const,
  );
  const tail = [
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    [
      'message_delta',
      {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { output_tokens: tokens.length },
      },
    ],
    ['message_stop', { type: 'message_stop' }],
  ] as const;
  void text;
  return {
    head,
    deltas,
    tail,
    format: ([event, data]: readonly [string, unknown]) =>
      `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
  };
}

function openaiEvents(tokens: string[]) {
  const chunk = (delta: object, finish: string | null, extra: object = {}) => ({
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'gpt-fake',
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  });
  const head = [chunk({ role: 'assistant', content: '' }, null)];
  const deltas = tokens.map((t) => chunk({ content: t }, null));
  const tail = [
    chunk({}, 'stop', {
      usage: { prompt_tokens: 12, completion_tokens: tokens.length, total_tokens: 12 + tokens.length },
    }),
  ];
  return {
    head,
    deltas,
    tail,
    format: (data: unknown) => `data: ${JSON.stringify(data)}\n\n`,
    done: 'data: [DONE]\n\n',
  };
}

export async function startFakeAi(port = 0) {
  const requests: RecordedRequest[] = [];
  const queue: FakeBehaviour[] = [];
  let fallback: FakeBehaviour = { kind: 'reply', text: 'Hello from the fake model.' };
  const open = new Set<http.ServerResponse>();

  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    requests.push({ path: req.url ?? '', headers: req.headers, body });
    const behaviour = queue.shift() ?? fallback;
    if (behaviour.kind === 'status' && (behaviour.times ?? 1) > 1) {
      queue.unshift({ ...behaviour, times: (behaviour.times ?? 1) - 1 });
    }
    const anthropic = (req.url ?? '').endsWith('/messages');
    open.add(res);
    res.on('close', () => open.delete(res));

    if (behaviour.kind === 'status') {
      // As the providers do on 429 and 529 (and OpenAI on every retryable status): when to try again.
      res.writeHead(behaviour.status, {
        'content-type': 'application/json',
        ...(behaviour.status === 429 || behaviour.status >= 500 ? { 'retry-after-ms': '5' } : {}),
      });
      res.end(
        JSON.stringify(
          behaviour.body ??
            (anthropic
              ? { type: 'error', error: { type: 'api_error', message: 'fake failure' } }
              : { error: { message: 'fake failure', type: 'server_error' } }),
        ),
      );
      return;
    }
    if (behaviour.kind === 'hang') return; // never answers: the caller's timeout must act
    if (behaviour.kind === 'reset') return void res.socket?.destroy();
    if (behaviour.kind === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body><h1>502 Bad Gateway</h1><p>upstream hiccup</p></body></html>');
      return;
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    if (behaviour.kind === 'malformed') {
      res.end(anthropic ? 'event: content_block_delta\ndata: {not json\n\n' : 'data: {not json\n\n');
      return;
    }
    const text = behaviour.text;
    const tokens = chunks(text);
    const limit =
      behaviour.kind === 'cut' || behaviour.kind === 'stream-error' || behaviour.kind === 'truncated'
        ? behaviour.afterTokens
        : tokens.length;
    const delay = behaviour.kind === 'reply' ? (behaviour.delayMs ?? 0) : 0;
    if (behaviour.kind === 'reply' && behaviour.firstTokenDelayMs) await sleep(behaviour.firstTokenDelayMs);

    if (anthropic) {
      const e = anthropicEvents(text, tokens);
      for (const ev of e.head) res.write(e.format(ev));
      for (const ev of e.deltas.slice(0, limit)) {
        if (delay) await sleep(delay);
        if (res.destroyed) return;
        res.write(e.format(ev));
      }
      // Let the tokens leave before the connection drops, as a real cut mid-stream would.
      if (behaviour.kind === 'cut') return void setTimeout(() => res.destroy(), 50);
      if (behaviour.kind === 'truncated') return void res.end();
      if (behaviour.kind === 'stream-error') {
        res.end(
          e.format(['error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }]),
        );
        return;
      }
      for (const ev of e.tail) res.write(e.format(ev));
      res.end();
      return;
    }
    const e = openaiEvents(tokens);
    for (const ev of e.head) res.write(e.format(ev));
    for (const ev of e.deltas.slice(0, limit)) {
      if (delay) await sleep(delay);
      if (res.destroyed) return;
      res.write(e.format(ev));
    }
    if (behaviour.kind === 'cut') return void setTimeout(() => res.destroy(), 50);
    if (behaviour.kind === 'truncated') return void res.end();
    if (behaviour.kind === 'stream-error') {
      res.end(
        e.format({
          error: { message: 'The server had an error while processing your request.', type: 'server_error' },
        }),
      );
      return;
    }
    for (const ev of e.tail) res.write(e.format(ev));
    res.end(e.done);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;

  return {
    url: `http://127.0.0.1:${boundPort}`,
    requests,
    /** The next replies, in order; after them, the fallback. */
    next(...behaviours: FakeBehaviour[]) {
      queue.push(...behaviours);
    },
    setFallback(b: FakeBehaviour) {
      fallback = b;
    },
    reset() {
      queue.length = 0;
      requests.length = 0;
      fallback = { kind: 'reply', text: 'Hello from the fake model.' };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
      }),
  };
}

export type FakeAi = Awaited<ReturnType<typeof startFakeAi>>;

/** App environment pointing every provider at the fake. */
export const fakeAiEnv = (fake: FakeAi): Record<string, string> => ({
  ANTHROPIC_API_KEY: 'sk-ant-fake',
  ANTHROPIC_BASE_URL: `${fake.url}/v1`,
  ANTHROPIC_MODEL: 'claude-fake',
  OPENAI_API_KEY: 'sk-openai-fake',
  OPENAI_BASE_URL: `${fake.url}/v1`,
  OPENAI_MODEL: 'gpt-fake',
  PERPLEXITY_API_KEY: 'pplx-fake',
  PERPLEXITY_BASE_URL: fake.url,
  PERPLEXITY_MODEL: 'sonar-fake',
});
