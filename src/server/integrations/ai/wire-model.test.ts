import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { APICallError, type LanguageModelV3, type LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnthropicModel } from './anthropic';
import { createChatCompletionsModel } from './openai-chat';

/*
 * The providers' models against a real HTTP server on loopback: the request each provider is sent
 * (URL, headers, body), and the parts a reply in its wire format becomes, whatever chunks it comes
 * in. The fault suites (tests/unit/faults/providers.test.ts) and the playground's tests run the
 * same models through the app.
 */

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}
type Handler = (res: http.ServerResponse) => void;

let server: http.Server;
let base: string;
let handler: Handler;
const seen: Seen[] = [];
const closed: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      seen.push({
        url: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(body) as Record<string, unknown>,
      });
      res.on('close', () => closed.push(req.url ?? ''));
      handler(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Answers with these body chunks, each written after the last has left. */
const streams =
  (...chunks: (string | Buffer)[]): Handler =>
  (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    void (async () => {
      for (const chunk of chunks) {
        res.write(chunk);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      res.end();
    })();
  };

const prompt = [
  { role: 'system' as const, content: 'Be brief.' },
  { role: 'user' as const, content: [{ type: 'text' as const, text: 'My name is Ada.' }] },
  { role: 'assistant' as const, content: [{ type: 'text' as const, text: 'Hello, Ada.' }] },
  // A user message whose reply failed, then the next: one turn for the provider.
  { role: 'user' as const, content: [{ type: 'text' as const, text: 'Still there?' }] },
  { role: 'user' as const, content: [{ type: 'text' as const, text: 'What is my name?' }] },
];

async function parts(model: LanguageModelV3, signal?: AbortSignal) {
  const { stream } = await model.doStream({ prompt, maxOutputTokens: 300, abortSignal: signal });
  const out: LanguageModelV3StreamPart[] = [];
  const reader = stream.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) out.push(r.value);
  return out;
}
const text = (ps: LanguageModelV3StreamPart[]) =>
  ps.map((p) => (p.type === 'text-delta' ? p.delta : '')).join('');

const anthropic = () =>
  createAnthropicModel({ apiKey: 'sk-ant', baseURL: `${base}/v1/`, modelId: 'claude-x' });
const chat = (provider: 'openai.chat' | 'perplexity', modelId: string) =>
  createChatCompletionsModel({ provider, apiKey: 'sk-chat', baseURL: base, modelId });

const sse = (event: string, data: object) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const chunk = (delta: object, finish: string | null = null, extra: object = {}) =>
  `data: ${JSON.stringify({ id: 'c', choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`;

describe("Anthropic's Messages API", () => {
  it('sends the key, the version, the system text and alternating turns', async () => {
    seen.length = 0;
    handler = streams(sse('message_stop', { type: 'message_stop' }));
    await parts(anthropic());
    expect(seen[0]!.url).toBe('/v1/messages');
    expect(seen[0]!.headers).toMatchObject({
      'x-api-key': 'sk-ant',
      'anthropic-version': '2023-06-01',
      'content-type': 'application/json',
    });
    expect(seen[0]!.body).toEqual({
      model: 'claude-x',
      max_tokens: 300,
      system: 'Be brief.',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'My name is Ada.' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Hello, Ada.' }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Still there?' },
            { type: 'text', text: 'What is my name?' },
          ],
        },
      ],
      stream: true,
    });
  });

  it('streams the text deltas, skips thinking and pings, and finishes with the reason and usage', async () => {
    const body = [
      sse('message_start', {
        type: 'message_start',
        message: { usage: { input_tokens: 20, cache_read_input_tokens: 5, output_tokens: 1 } },
      }),
      sse('content_block_start', {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'thinking' },
      }),
      sse('content_block_delta', {
        type: 'content_block_delta',
        delta: { type: 'thinking_delta', thinking: 'Hm' },
      }),
      sse('ping', { type: 'ping' }),
      sse('content_block_delta', {
        type: 'content_block_delta',
        delta: { type: 'text_delta', text: 'Your name ' },
      }),
      sse('content_block_delta', {
        type: 'content_block_delta',
        delta: { type: 'text_delta', text: 'is Ada. 👋' },
      }),
      sse('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: 'max_tokens' },
        usage: { output_tokens: 9 },
      }),
      sse('message_stop', { type: 'message_stop' }),
    ].join('');
    // Cut mid-event and inside the four bytes of the emoji: the parts are the same.
    const bytes = Buffer.from(body);
    const emoji = bytes.indexOf(Buffer.from('👋'));
    handler = streams(bytes.subarray(0, 150), bytes.subarray(150, emoji + 2), bytes.subarray(emoji + 2));
    const out = await parts(anthropic());
    expect(out.map((p) => p.type)).toEqual([
      'stream-start',
      'text-start',
      'text-delta',
      'text-delta',
      'text-end',
      'finish',
    ]);
    expect(text(out)).toBe('Your name is Ada. 👋');
    expect(out.at(-1)).toMatchObject({
      type: 'finish',
      finishReason: { unified: 'length', raw: 'max_tokens' },
      usage: { inputTokens: { total: 25 }, outputTokens: { total: 9 } },
    });
  });

  it('errors the stream with the provider’s error event, after the text that came', async () => {
    handler = streams(
      sse('content_block_delta', {
        type: 'content_block_delta',
        delta: { type: 'text_delta', text: 'Part' },
      }),
      sse('error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
    );
    const { stream } = await anthropic().doStream({ prompt });
    const reader = stream.getReader();
    const got: string[] = [];
    await expect(
      (async () => {
        for (let r = await reader.read(); !r.done; r = await reader.read())
          if (r.value.type === 'text-delta') got.push(r.value.delta);
      })(),
    ).rejects.toThrow('anthropic.messages stream error (overloaded_error): Overloaded');
    expect(got).toEqual(['Part']);
  });

  it('ends without a finish when the body ends before the reply did', async () => {
    handler = streams(
      sse('content_block_delta', {
        type: 'content_block_delta',
        delta: { type: 'text_delta', text: 'Half' },
      }),
    );
    const out = await parts(anthropic());
    expect(text(out)).toBe('Half');
    expect(out.some((p) => p.type === 'finish')).toBe(false);
  });
});

describe('the Chat Completions API', () => {
  it('sends OpenAI the system text, turns joined by role, the limit and a request for usage', async () => {
    seen.length = 0;
    handler = streams('data: [DONE]\n\n');
    await parts(chat('openai.chat', 'gpt-4o-mini'));
    expect(seen[0]!.url).toBe('/chat/completions');
    expect(seen[0]!.headers).toMatchObject({ authorization: 'Bearer sk-chat' });
    expect(seen[0]!.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'My name is Ada.' },
        { role: 'assistant', content: 'Hello, Ada.' },
        { role: 'user', content: 'Still there?\n\nWhat is my name?' },
      ],
      max_tokens: 300,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it("gives OpenAI's reasoning models the developer's role and max_completion_tokens", async () => {
    for (const [modelId, reasoning] of [
      ['o3-mini', true],
      ['gpt-5', true],
      ['gpt-5-chat-latest', false],
      ['gpt-4.1', false],
    ] as const) {
      seen.length = 0;
      handler = streams('data: [DONE]\n\n');
      await parts(chat('openai.chat', modelId));
      const body = seen[0]!.body as { messages: { role: string }[]; max_tokens?: number };
      expect(body.messages[0]!.role, modelId).toBe(reasoning ? 'developer' : 'system');
      expect(body, modelId).toMatchObject(reasoning ? { max_completion_tokens: 300 } : { max_tokens: 300 });
    }
  });

  it('sends Perplexity no stream options', async () => {
    seen.length = 0;
    handler = streams('data: [DONE]\n\n');
    await parts(chat('perplexity', 'sonar'));
    expect(seen[0]!.body).not.toHaveProperty('stream_options');
    expect(seen[0]!.body).toMatchObject({ model: 'sonar', max_tokens: 300, stream: true });
  });

  it('streams the content deltas and finishes with the reason and the usage chunk', async () => {
    handler = streams(
      chunk({ role: 'assistant', content: '' }),
      chunk({ content: 'Your name' }) + chunk({ content: ' is Ada.' }),
      chunk({}, 'stop'),
      `data: ${JSON.stringify({ id: 'c', choices: [], usage: { prompt_tokens: 30, completion_tokens: 4 } })}\n\n`,
      'data: [DONE]\n\n',
    );
    const out = await parts(chat('openai.chat', 'gpt-4o-mini'));
    expect(text(out)).toBe('Your name is Ada.');
    expect(out.at(-1)).toMatchObject({
      type: 'finish',
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: { inputTokens: { total: 30 }, outputTokens: { total: 4 } },
    });
  });

  it('errors the stream with an error chunk, and rejects a malformed one', async () => {
    handler = streams(
      chunk({ content: 'Par' }),
      `data: ${JSON.stringify({ error: { message: 'Boom', type: 'server_error' } })}\n\n`,
    );
    await expect(parts(chat('perplexity', 'sonar'))).rejects.toThrow(
      'perplexity stream error (server_error): Boom',
    );
    handler = streams('data: {not json\n\n');
    await expect(parts(chat('openai.chat', 'gpt-4o-mini'))).rejects.toThrow(SyntaxError);
  });
});

describe('both formats', () => {
  it('report a refused request as the AI SDK does: APICallError with the status and the provider’s message', async () => {
    handler = (res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3' });
      res.end(JSON.stringify({ error: { type: 'rate_limit_error', message: 'Slow down' } }));
    };
    for (const model of [anthropic(), chat('openai.chat', 'gpt-4o-mini')]) {
      const error = await Promise.resolve(model.doStream({ prompt })).catch((e: unknown) => e);
      expect(APICallError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        statusCode: 429,
        isRetryable: true,
        message: `${model.provider} answered 429: Slow down`,
        responseHeaders: { 'retry-after': '3' },
      });
      // The conversation is not kept in the error, so a logged error does not hold it.
      expect(JSON.stringify(error)).not.toContain('Ada');
    }
  });

  it('closes the provider’s connection when the reader cancels mid-reply', async () => {
    closed.length = 0;
    handler = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ content: 'Once upon' }));
    };
    const { stream } = await chat('openai.chat', 'gpt-4o-mini').doStream({ prompt });
    const reader = stream.getReader();
    let r = await reader.read();
    while (r.value?.type !== 'text-delta') r = await reader.read();
    expect(r.value.delta).toBe('Once upon');
    await reader.cancel();
    for (let i = 0; i < 100 && closed.length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(closed).toEqual(['/chat/completions']);
  });

  it('closes the provider’s connection when the reply errors, though the provider goes on', async () => {
    closed.length = 0;
    handler = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: content_block_delta\ndata: {not json\n\n');
    };
    await expect(parts(anthropic())).rejects.toThrow(SyntaxError);
    for (let i = 0; i < 100 && closed.length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(closed).toEqual(['/v1/messages']);
  });

  it('collects a whole reply for doGenerate', async () => {
    handler = streams(chunk({ content: 'All at once.' }), chunk({}, 'stop'), 'data: [DONE]\n\n');
    const result = await chat('openai.chat', 'gpt-4o-mini').doGenerate({ prompt });
    expect(result.content).toEqual([{ type: 'text', text: 'All at once.' }]);
    expect(result.finishReason).toEqual({ unified: 'stop', raw: 'stop' });
  });
});
