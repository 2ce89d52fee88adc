import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { Model } from '../../../shared/constants';
import type { Config } from '../../config';
import { createAnthropicModel } from './anthropic';
import { createDemoModel } from './demo-model';
import { createChatCompletionsModel } from './openai-chat';

/*
 * One model per playground choice, each behind the AI SDK's model interface. A choice with an API
 * key talks to its provider (the base URL can point at any compatible server, such as a local one);
 * a choice without falls back to the offline demo model.
 */

export interface ModelChoice {
  id: Model;
  name: string;
  provider: string;
  /** The provider's model id, or the demo model's. */
  modelId: string;
  live: boolean;
  model: LanguageModelV3;
}

export type ModelRegistry = Record<Model, ModelChoice>;

export function createModelRegistry(ai: Config['ai']): ModelRegistry {
  const demo = (id: Model, name: string, provider: string): ModelChoice => {
    const model = createDemoModel(id, ai.demoDelayMs);
    return { id, name, provider, modelId: model.modelId, live: false, model };
  };
  const { anthropic, openai, perplexity } = ai;
  return {
    claude: anthropic.apiKey
      ? {
          id: 'claude',
          name: 'Claude',
          provider: 'Anthropic',
          modelId: anthropic.model,
          live: true,
          model: createAnthropicModel({
            apiKey: anthropic.apiKey,
            baseURL: anthropic.baseUrl ?? 'https://api.anthropic.com/v1',
            modelId: anthropic.model,
          }),
        }
      : demo('claude', 'Claude', 'Anthropic'),
    chatgpt: openai.apiKey
      ? {
          id: 'chatgpt',
          name: 'ChatGPT',
          provider: 'OpenAI',
          modelId: openai.model,
          live: true,
          // Chat Completions: the API every OpenAI-compatible server (local ones too) speaks.
          model: createChatCompletionsModel({
            provider: 'openai.chat',
            apiKey: openai.apiKey,
            baseURL: openai.baseUrl ?? 'https://api.openai.com/v1',
            modelId: openai.model,
          }),
        }
      : demo('chatgpt', 'ChatGPT', 'OpenAI'),
    perplexity: perplexity.apiKey
      ? {
          id: 'perplexity',
          name: 'Perplexity',
          provider: 'Perplexity',
          modelId: perplexity.model,
          live: true,
          model: createChatCompletionsModel({
            provider: 'perplexity',
            apiKey: perplexity.apiKey,
            baseURL: perplexity.baseUrl ?? 'https://api.perplexity.ai',
            modelId: perplexity.model,
          }),
        }
      : demo('perplexity', 'Perplexity', 'Perplexity'),
  };
}
