import type { LanguageModelV3, LanguageModelV3FinishReason } from '@ai-sdk/provider';
import { chatTurns, createWireModel, streamError } from './wire-model';

/*
 * Anthropic's Messages API, streamed: POST {baseURL}/messages with `stream: true`; the reply is
 * message_start (input usage), content_block_start/delta/stop per block (text_delta carries text;
 * thinking and other deltas are not the reply's text), message_delta (stop_reason and output
 * usage), message_stop, with ping and error events in between.
 */

const DEFAULT_MAX_TOKENS = 4096;

const UNIFIED: Record<string, LanguageModelV3FinishReason['unified']> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  pause_turn: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool-calls',
  refusal: 'content-filter',
};

interface AnthropicEvent {
  type?: string;
  message?: { usage?: Record<string, number | null | undefined> };
  delta?: { type?: string; text?: string; stop_reason?: string | null };
  usage?: { output_tokens?: number };
  error?: unknown;
}

export function createAnthropicModel(settings: {
  apiKey: string;
  baseURL: string;
  modelId: string;
}): LanguageModelV3 {
  return createWireModel({
    provider: 'anthropic.messages',
    modelId: settings.modelId,
    url: `${settings.baseURL.replace(/\/+$/, '')}/messages`,
    headers: { 'x-api-key': settings.apiKey, 'anthropic-version': '2023-06-01' },
    body(options) {
      const { system, turns } = chatTurns(options.prompt);
      return {
        model: settings.modelId,
        max_tokens: options.maxOutputTokens ?? DEFAULT_MAX_TOKENS,
        ...(system ? { system } : {}),
        messages: turns.map(({ role, texts }) => ({
          role,
          content: texts.map((text) => ({ type: 'text', text })),
        })),
        stream: true,
      };
    },
    finishReasons: UNIFIED,
    reader() {
      let input: number | undefined;
      let output: number | undefined;
      let stopReason: string | undefined;
      return {
        read({ event, data }) {
          if (event === 'content_block_delta') {
            const e = JSON.parse(data) as AnthropicEvent;
            return e.delta?.type === 'text_delta' ? (e.delta.text ?? '') : '';
          }
          if (event === 'message_start') {
            const u = (JSON.parse(data) as AnthropicEvent).message?.usage ?? {};
            input =
              (u.input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0);
          } else if (event === 'message_delta') {
            const e = JSON.parse(data) as AnthropicEvent;
            stopReason = e.delta?.stop_reason ?? stopReason;
            output = e.usage?.output_tokens ?? output;
          } else if (event === 'error') {
            throw streamError('anthropic.messages', (JSON.parse(data) as AnthropicEvent).error);
          }
          return '';
        },
        finish: () =>
          stopReason === undefined
            ? undefined
            : { reason: stopReason, inputTokens: input, outputTokens: output },
      };
    },
  });
}
