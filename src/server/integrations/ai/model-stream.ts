import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3Message,
  type LanguageModelV3Prompt,
  type LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import { retryWithExponentialBackoff } from '@ai-sdk/provider-utils';
import type { ModelMessage } from 'ai';

/*
 * One reply from a model, read from its official adapter's `doStream` (decision 062): the adapter
 * makes the request and parses the provider's wire format; this reads its parts as they come,
 * without `streamText`'s pipeline of web streams around them, which cost more CPU a turn than the
 * adapter itself. What streamText gave the playground is kept here, as the SDK does it: the call is
 * retried on a retryable answer (429, 529, 5xx) before the stream starts, after the provider's
 * retry-after, with the SDK's own backoff; the conversation is given in the adapter's prompt form.
 */

export interface ModelRequest {
  system: string;
  messages: ModelMessage[];
  maxOutputTokens: number;
  temperature?: number;
  maxRetries: number;
  abortSignal: AbortSignal;
}

/** The model's stream, its call started at once (so its request can be on the wire before anything else). */
export async function startModelStream(
  model: LanguageModelV3,
  request: ModelRequest,
): Promise<ReadableStream<LanguageModelV3StreamPart>> {
  const options: LanguageModelV3CallOptions = {
    prompt: modelPrompt(request.system, request.messages),
    maxOutputTokens: request.maxOutputTokens,
    temperature: request.temperature,
    abortSignal: request.abortSignal,
  };
  const retry = retryWithExponentialBackoff({
    maxRetries: request.maxRetries,
    abortSignal: request.abortSignal,
    shouldRetry: (error) => Promise.resolve(APICallError.isInstance(error) && error.isRetryable),
    getDelayInMs: ({ error, exponentialBackoffDelay }) => retryAfterMs(error) ?? exponentialBackoffDelay,
  });
  const result = await retry(() => model.doStream(options));
  return result.stream;
}

/**
 * The wait a provider asked for before the next try (`retry-after-ms`, or `retry-after` in seconds
 * or as a date), when it is under a minute: the AI SDK's own rule for its retries.
 */
export function retryAfterMs(error: unknown): number | undefined {
  const headers = APICallError.isInstance(error) ? error.responseHeaders : undefined;
  if (!headers) return undefined;
  const inMs = Number.parseFloat(headers['retry-after-ms'] ?? '');
  const after = headers['retry-after'];
  const ms = !Number.isNaN(inMs)
    ? inMs
    : after === undefined
      ? Number.NaN
      : Number.isNaN(Number.parseFloat(after))
        ? Date.parse(after) - Date.now()
        : Number.parseFloat(after) * 1000;
  return ms >= 0 && ms < 60_000 ? ms : undefined;
}

/** The system prompt and the conversation as the adapter's prompt, as the AI SDK gives them. */
export function modelPrompt(system: string, messages: ModelMessage[]): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Prompt = system ? [{ role: 'system', content: system }] : [];
  for (const message of messages) prompt.push(promptMessage(message));
  return prompt;
}

function promptMessage(message: ModelMessage): LanguageModelV3Message {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user':
      return {
        role: 'user',
        content:
          typeof message.content === 'string'
            ? [{ type: 'text', text: message.content }]
            : message.content.map((part) => {
                if (part.type === 'text') return { type: 'text', text: part.text };
                const data = part.type === 'image' ? part.image : part.data;
                if (data instanceof URL || typeof data !== 'object')
                  throw new TypeError('the playground sends files by their bytes');
                return part.type === 'image'
                  ? { type: 'file', data: bytesOf(data), mediaType: part.mediaType ?? 'image/*' }
                  : { type: 'file', data: bytesOf(data), mediaType: part.mediaType, filename: part.filename };
              }),
      };
    case 'assistant':
      if (typeof message.content !== 'string') throw new TypeError('the playground sends replies as text');
      return { role: 'assistant', content: [{ type: 'text', text: message.content }] };
    default:
      throw new TypeError(`the playground sends no ${message.role} messages`);
  }
}

const bytesOf = (data: ArrayBuffer | Uint8Array | Buffer) =>
  data instanceof Uint8Array ? data : new Uint8Array(data);
