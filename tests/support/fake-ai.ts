import http from 'node:http';

/*
 * Fake AI providers on loopback that speak the real wire formats: Anthropic's Messages API, OpenAI's
 * Chat Completions and Responses APIs, Perplexity's Chat Completions with citations, and a keyless
 * OpenAI-compatible server with GET /v1/models, all streaming as server-sent events. The app's provider models talk to them over HTTP. Each test sets what the next
 * replies do; every request body is recorded.
 */

/** What a reply carries besides its text: Perplexity's sources, a model's reasoning. */
interface ReplyExtras {
  citations?: { url: string; title: string }[];
  reasoning?: string;
  /** The reply ends because it reached the length limit (max_tokens / length), not by itself. */
  cutByLength?: boolean;
}

export type FakeBehaviour =
  | ({ kind: 'reply'; text: string; delayMs?: number; firstTokenDelayMs?: number } & ReplyExtras)
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

/** One streamed reply in a provider's wire format: the events before, per token, after and on error. */
interface WireFormat {
  head: string[];
  delta(token: string): string;
  tail: string[];
  error: string;
  malformed: string;
}

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const dataOnly = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

/** Anthropic's Messages API; reasoning comes as a thinking block before the text. */
function anthropicFormat(tokens: string[], extras: ReplyExtras): WireFormat {
  const thinking = extras.reasoning
    ? [
        sse('content_block_start', {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'thinking', thinking: '', signature: '' },
        }),
        sse('content_block_delta', {
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'thinking_delta', thinking: extras.reasoning },
        }),
        sse('content_block_delta', {
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'signature_delta', signature: 'sig-fake' },
        }),
        sse('content_block_stop', { type: 'content_block_stop', index: 0 }),
      ]
    : [];
  const index = thinking.length > 0 ? 1 : 0;
  return {
    head: [
      sse('message_start', {
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
      }),
      ...thinking,
      sse('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'text', text: '' },
      }),
      sse('ping', { type: 'ping' }),
    ],
    delta: (t) =>
      sse('content_block_delta', {
        type: 'content_block_delta',
        index,
        delta: { type: 'text_delta', text: t },
      }),
    tail: [
      sse('content_block_stop', { type: 'content_block_stop', index }),
      sse('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: extras.cutByLength ? 'max_tokens' : 'end_turn', stop_sequence: null },
        usage: { output_tokens: tokens.length },
      }),
      sse('message_stop', { type: 'message_stop' }),
    ],
    error: sse('error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
    malformed: 'event: content_block_delta\ndata: {not json\n\n',
  };
}

/**
 * Chat Completions (OpenAI, Perplexity and the OpenAI-compatible servers). Perplexity adds its
 * citations to every chunk; local servers send reasoning as `reasoning_content`.
 */
function chatFormat(tokens: string[], extras: ReplyExtras, perplexity: boolean): WireFormat {
  const cited = perplexity && extras.citations ? { citations: extras.citations.map((c) => c.url) } : {};
  const searchResults =
    perplexity && extras.citations
      ? { search_results: extras.citations.map((c) => ({ title: c.title, url: c.url, date: null })) }
      : {};
  const chunk = (delta: object, finish: string | null, extra: object = {}) => ({
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'gpt-fake',
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...cited,
    ...searchResults,
    ...extra,
  });
  return {
    head: [
      dataOnly(chunk({ role: 'assistant', content: '' }, null)),
      ...(extras.reasoning ? [dataOnly(chunk({ reasoning_content: extras.reasoning }, null))] : []),
    ],
    delta: (t) => dataOnly(chunk({ content: t }, null)),
    tail: [
      dataOnly(
        chunk({}, extras.cutByLength ? 'length' : 'stop', {
          usage: { prompt_tokens: 12, completion_tokens: tokens.length, total_tokens: 12 + tokens.length },
        }),
      ),
      'data: [DONE]\n\n',
    ],
    error: dataOnly({
      error: { message: 'The server had an error while processing your request.', type: 'server_error' },
    }),
    malformed: 'data: {not json\n\n',
  };
}

/** OpenAI's Responses API. */
function responsesFormat(tokens: string[], text: string): WireFormat {
  let sequence = 0;
  const event = (data: Record<string, unknown>) =>
    sse(data.type as string, { ...data, sequence_number: sequence++ });
  const item = { type: 'message', id: 'msg_fake', role: 'assistant', status: 'in_progress', content: [] };
  return {
    head: [
      event({
        type: 'response.created',
        response: {
          id: 'resp_fake',
          object: 'response',
          created_at: 1_700_000_000,
          model: 'gpt-fake',
          status: 'in_progress',
        },
      }),
      event({ type: 'response.output_item.added', output_index: 0, item }),
      event({
        type: 'response.content_part.added',
        item_id: 'msg_fake',
        output_index: 0,
        content_index: 0,
        part: { type: 'output_text', text: '', annotations: [] },
      }),
    ],
    delta: (t) =>
      event({
        type: 'response.output_text.delta',
        item_id: 'msg_fake',
        output_index: 0,
        content_index: 0,
        delta: t,
      }),
    tail: [
      event({
        type: 'response.output_item.done',
        output_index: 0,
        item: { ...item, status: 'completed', content: [{ type: 'output_text', text, annotations: [] }] },
      }),
      event({
        type: 'response.completed',
        response: {
          id: 'resp_fake',
          status: 'completed',
          incomplete_details: null,
          usage: {
            input_tokens: 12,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: tokens.length,
            output_tokens_details: { reasoning_tokens: 0 },
            total_tokens: 12 + tokens.length,
          },
        },
      }),
    ],
    error: event({ type: 'error', code: 'server_error', message: 'The server had an error.', param: null }),
    malformed: 'event: response.output_text.delta\ndata: {not json\n\n',
  };
}

export async function startFakeAi(port = 0) {
  const requests: RecordedRequest[] = [];
  const queue: FakeBehaviour[] = [];
  let fallback: FakeBehaviour = { kind: 'reply', text: 'Hello from the fake model.' };
  const open = new Set<http.ServerResponse>();
  /** What GET .../models answers (an OpenAI-compatible server's list); null: 404. */
  let listedModels: string[] | null = ['llama-fake', 'qwen-fake'];

  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const path = req.url ?? '';
    requests.push({ path, headers: req.headers, body });
    if (req.method === 'GET' && path.endsWith('/models')) {
      if (!listedModels) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          object: 'list',
          data: listedModels.map((id) => ({
            id,
            object: 'model',
            created: 1_700_000_000,
            owned_by: 'local',
          })),
        }),
      );
      return;
    }
    const behaviour = queue.shift() ?? fallback;
    if (behaviour.kind === 'status' && (behaviour.times ?? 1) > 1) {
      queue.unshift({ ...behaviour, times: (behaviour.times ?? 1) - 1 });
    }
    const anthropic = path.endsWith('/messages');
    const responses = path.endsWith('/responses');
    // Perplexity's API has no /v1 prefix: POST /chat/completions.
    const perplexity = path === '/chat/completions';
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

    const text = behaviour.kind === 'malformed' ? '' : behaviour.text;
    const tokens = chunks(text);
    const extras: ReplyExtras = behaviour.kind === 'reply' ? behaviour : {};
    const format = anthropic
      ? anthropicFormat(tokens, extras)
      : responses
        ? responsesFormat(tokens, text)
        : chatFormat(tokens, extras, perplexity);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    if (behaviour.kind === 'malformed') return void res.end(format.malformed);
    const limit =
      behaviour.kind === 'cut' || behaviour.kind === 'stream-error' || behaviour.kind === 'truncated'
        ? behaviour.afterTokens
        : tokens.length;
    const delay = behaviour.kind === 'reply' ? (behaviour.delayMs ?? 0) : 0;
    if (behaviour.kind === 'reply' && behaviour.firstTokenDelayMs) await sleep(behaviour.firstTokenDelayMs);

    for (const ev of format.head) res.write(ev);
    for (const token of tokens.slice(0, limit)) {
      if (delay) await sleep(delay);
      if (res.destroyed) return;
      res.write(format.delta(token));
    }
    // Let the tokens leave before the connection drops, as a real cut mid-stream would.
    if (behaviour.kind === 'cut') return void setTimeout(() => res.destroy(), 50);
    if (behaviour.kind === 'truncated') return void res.end();
    if (behaviour.kind === 'stream-error') return void res.end(format.error);
    for (const ev of format.tail) res.write(ev);
    res.end();
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
    /** The models GET /v1/models lists; null makes it answer 404. */
    setModels(ids: string[] | null) {
      listedModels = ids;
    },
    reset() {
      queue.length = 0;
      requests.length = 0;
      fallback = { kind: 'reply', text: 'Hello from the fake model.' };
      listedModels = ['llama-fake', 'qwen-fake'];
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
  // A keyless OpenAI-compatible server (Ollama, LM Studio, vLLM...): its models come from GET /v1/models.
  OPENAI_COMPATIBLE_BASE_URL: `${fake.url}/v1`,
  OPENAI_COMPATIBLE_NAME: 'Local fake',
});
