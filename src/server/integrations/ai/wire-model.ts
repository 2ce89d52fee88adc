import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3FinishReason,
  type LanguageModelV3Prompt,
  type LanguageModelV3StreamPart,
  type LanguageModelV3Usage,
  UnsupportedFunctionalityError,
} from '@ai-sdk/provider';
import { providerFetch } from './provider-fetch';
import { type ServerSentEvent, ServerSentEventParser } from './server-sent-events';

/*
 * A provider's chat model as the AI SDK's model interface (LanguageModelV3), reading the provider's
 * streamed reply in one stage (decision 037): the socket's chunks are decoded, split into
 * server-sent events and read by the provider's wire format inside the one stream the playground
 * reads. The AI SDK's own adapters piped every event through five web streams: with fifty replies
 * streaming at once the app spent 17-21 ms of CPU a turn with them and 9 with this. What the
 * adapters would throw, this throws too: APICallError for a refused request,
 * UnsupportedFunctionalityError for a prompt part the playground never sends.
 */

/** What one reply's events mean, in a provider's format. One reader per reply: it keeps state. */
export interface ReplyReader {
  /** The text an event adds to the reply ('' for none); throws the provider's error event. */
  read(event: ServerSentEvent): string;
  /**
   * Once the body has ended: the provider's reason for ending and the tokens counted, or undefined
   * when the format's end never came.
   */
  finish(): { reason: string; inputTokens?: number; outputTokens?: number } | undefined;
}

export interface WireFormat {
  provider: string;
  modelId: string;
  url: string;
  headers: Record<string, string>;
  body(options: LanguageModelV3CallOptions): Record<string, unknown>;
  reader(): ReplyReader;
  /** The provider's reasons for ending, as the AI SDK names them; any other is 'other'. */
  finishReasons: Record<string, LanguageModelV3FinishReason['unified']>;
}

export function createWireModel(format: WireFormat): LanguageModelV3 {
  const { provider, modelId, url } = format;
  const headers = { ...format.headers, 'content-type': 'application/json' };

  async function doStream(options: LanguageModelV3CallOptions) {
    const body = format.body(options);
    const res = await providerFetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: options.abortSignal,
    });
    if (!res.ok || !res.body) throw await refused(provider, url, res);

    const source = res.body.getReader();
    const decoder = new TextDecoder();
    const parser = new ServerSentEventParser();
    const reply = format.reader();
    const events: ServerSentEvent[] = [];
    let textStarted = false;
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      start(out) {
        out.enqueue({ type: 'stream-start', warnings: [] });
      },
      // Reads the body until it has text to hand on, so each read of the reply is one socket chunk
      // or more, never a wait on an empty one. A reply that errors (an error event, a malformed
      // one) lets go of the connection: the rest of its body is not wanted.
      async pull(out) {
        try {
          await readUntilText(out);
        } catch (error) {
          await source.cancel(error).catch(() => {});
          throw error;
        }
      },
      cancel(reason) {
        return source.cancel(reason);
      },
    });
    async function readUntilText(out: ReadableStreamDefaultController<LanguageModelV3StreamPart>) {
      for (;;) {
        const { value, done } = await source.read();
        if (done) {
          if (textStarted) out.enqueue({ type: 'text-end', id: '0' });
          const finished = reply.finish();
          if (finished) {
            out.enqueue({
              type: 'finish',
              finishReason: {
                unified: format.finishReasons[finished.reason] ?? 'other',
                raw: finished.reason,
              },
              usage: usage(finished.inputTokens, finished.outputTokens),
            });
          }
          out.close();
          return;
        }
        parser.push(decoder.decode(value, { stream: true }), events);
        let handed = false;
        for (const event of events) {
          const delta = reply.read(event);
          if (!delta) continue;
          if (!textStarted) {
            textStarted = true;
            out.enqueue({ type: 'text-start', id: '0' });
          }
          out.enqueue({ type: 'text-delta', id: '0', delta });
          handed = true;
        }
        events.length = 0;
        if (handed) return;
      }
    }
    return { stream, request: { body } };
  }

  return {
    specificationVersion: 'v3',
    provider,
    modelId,
    supportedUrls: {},
    doStream,
    async doGenerate(options) {
      const { stream } = await doStream(options);
      const reader = stream.getReader();
      let text = '';
      let finish: Extract<LanguageModelV3StreamPart, { type: 'finish' }> | undefined;
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        if (r.value.type === 'text-delta') text += r.value.delta;
        else if (r.value.type === 'finish') finish = r.value;
      }
      return {
        content: text ? [{ type: 'text', text }] : [],
        finishReason: finish?.finishReason ?? { unified: 'other', raw: undefined },
        usage: finish?.usage ?? usage(undefined, undefined),
        warnings: [],
      };
    },
  };
}

/** An error answer as the AI SDK reports it: the provider's own message, its status, its body. */
async function refused(provider: string, url: string, res: Response): Promise<APICallError> {
  const responseBody = await res.text().catch(() => '');
  let said = responseBody.slice(0, 300);
  try {
    const parsed = JSON.parse(responseBody) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === 'string') said = parsed.error.message;
  } catch {
    // Not JSON (a proxy's page): its first characters say enough.
  }
  return new APICallError({
    message: `${provider} answered ${res.status}: ${said}`,
    url,
    // The conversation (and a premium prompt in it) stays out of the error and so out of the logs.
    requestBodyValues: undefined,
    statusCode: res.status,
    responseHeaders: Object.fromEntries(res.headers),
    responseBody,
    isRetryable: res.status === 408 || res.status === 409 || res.status === 429 || res.status >= 500,
  });
}

const usage = (input: number | undefined, output: number | undefined): LanguageModelV3Usage => ({
  inputTokens: { total: input, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: output, text: undefined, reasoning: undefined },
});

/** A provider error that arrived inside a 200 stream. */
export function streamError(provider: string, said: unknown): Error {
  const error = (said ?? {}) as { type?: unknown; message?: unknown };
  const detail = typeof error.message === 'string' ? error.message : JSON.stringify(said);
  return new Error(
    `${provider} stream error${typeof error.type === 'string' ? ` (${error.type})` : ''}: ${detail}`,
  );
}

/** One turn of the conversation: one role, and the texts of its messages in order. */
export interface ChatTurn {
  role: 'user' | 'assistant';
  texts: string[];
}

/**
 * The prompt as system text and alternating turns: consecutive messages of one role (a user message
 * whose reply failed and was left out) become one turn, as the providers require or merge anyway.
 */
export function chatTurns(prompt: LanguageModelV3Prompt): { system: string; turns: ChatTurn[] } {
  const system: string[] = [];
  const turns: ChatTurn[] = [];
  for (const message of prompt) {
    if (message.role === 'system') {
      system.push(message.content);
      continue;
    }
    if (message.role === 'tool') throw new UnsupportedFunctionalityError({ functionality: 'tool messages' });
    const texts: string[] = [];
    for (const part of message.content) {
      if (part.type !== 'text')
        throw new UnsupportedFunctionalityError({ functionality: `${part.type} parts` });
      if (part.text !== '') texts.push(part.text);
    }
    if (texts.length === 0) continue;
    const last = turns.at(-1);
    if (last?.role === message.role) last.texts.push(...texts);
    else turns.push({ role: message.role, texts });
  }
  return { system: system.join('\n\n'), turns };
}
