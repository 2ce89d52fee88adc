import type { LanguageModelV3, LanguageModelV3FinishReason } from '@ai-sdk/provider';
import { chatTurns, createWireModel, streamError } from './wire-model';

/*
 * The Chat Completions API, streamed: POST {baseURL}/chat/completions with `stream: true`. OpenAI,
 * Perplexity and the OpenAI-compatible local servers speak it: each event's data is a chunk whose
 * first choice's delta may carry content and whose finish_reason ends the reply, then `[DONE]`;
 * usage comes in the last chunk (OpenAI sends it when asked with stream_options). An error is a
 * chunk with an `error` object.
 */

const UNIFIED: Record<string, LanguageModelV3FinishReason['unified']> = {
  stop: 'stop',
  length: 'length',
  content_filter: 'content-filter',
  tool_calls: 'tool-calls',
  function_call: 'tool-calls',
};

interface Chunk {
  choices?: { delta?: { content?: unknown } | null; finish_reason?: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: unknown;
}

export function createChatCompletionsModel(settings: {
  provider: 'openai.chat' | 'perplexity';
  apiKey: string;
  baseURL: string;
  modelId: string;
}): LanguageModelV3 {
  const { provider, modelId } = settings;
  const openai = provider === 'openai.chat';
  // OpenAI's reasoning models (o1, o3, o4, gpt-5 but not its chat variants) take their
  // instructions as the developer's and count their limit in max_completion_tokens, as the AI
  // SDK's adapter sends them.
  const reasoning = openai && /^(o\d|gpt-5)/.test(modelId) && !modelId.startsWith('gpt-5-chat');
  return createWireModel({
    provider,
    modelId,
    url: `${settings.baseURL.replace(/\/+$/, '')}/chat/completions`,
    headers: { authorization: `Bearer ${settings.apiKey}` },
    body(options) {
      const { system, turns } = chatTurns(options.prompt);
      return {
        model: modelId,
        messages: [
          ...(system ? [{ role: reasoning ? 'developer' : 'system', content: system }] : []),
          ...turns.map(({ role, texts }) => ({ role, content: texts.join('\n\n') })),
        ],
        ...(options.maxOutputTokens === undefined
          ? {}
          : reasoning
            ? { max_completion_tokens: options.maxOutputTokens }
            : { max_tokens: options.maxOutputTokens }),
        stream: true,
        ...(openai ? { stream_options: { include_usage: true } } : {}),
      };
    },
    finishReasons: UNIFIED,
    reader() {
      let input: number | undefined;
      let output: number | undefined;
      let finishReason: string | undefined;
      return {
        read({ data }) {
          if (data === '[DONE]') return '';
          const chunk = JSON.parse(data) as Chunk;
          if (chunk.error) throw streamError(provider, chunk.error);
          if (chunk.usage) {
            input = chunk.usage.prompt_tokens ?? input;
            output = chunk.usage.completion_tokens ?? output;
          }
          const choice = chunk.choices?.[0];
          if (!choice) return '';
          if (choice.finish_reason) finishReason = choice.finish_reason;
          const content = choice.delta?.content;
          return typeof content === 'string' ? content : '';
        },
        finish: () =>
          finishReason === undefined
            ? undefined
            : { reason: finishReason, inputTokens: input, outputTokens: output },
      };
    },
  });
}
