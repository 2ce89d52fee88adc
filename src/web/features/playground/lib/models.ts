import { MODELS, type Model } from '@shared/constants';
import type { ModelInfo } from '@shared/playground';

/** The three choices as the picker shows them before (or without) the server's list. */
export const MODEL_DEFAULTS: Record<Model, { name: string; provider: string }> = {
  claude: { name: 'Claude', provider: 'Anthropic' },
  chatgpt: { name: 'ChatGPT', provider: 'OpenAI' },
  perplexity: { name: 'Perplexity', provider: 'Perplexity' },
};

export const DEFAULT_MODEL: Model = 'claude';

/** What a chat sends as its model: one of the spec's choices or a configured model's key. */
export type ModelRef = string;

/** A model's name: the server's, else the choice's default, else its key. */
export function modelName(ref: ModelRef, models: readonly ModelInfo[]): string {
  return models.find((m) => m.id === ref)?.name ?? (isModel(ref) ? MODEL_DEFAULTS[ref].name : ref);
}

export function isModel(value: unknown): value is Model {
  return typeof value === 'string' && (MODELS as readonly string[]).includes(value);
}

/** The offline demo model's ids are 'offline-demo-<choice>' (server integrations/ai/demo-model.ts). */
const DEMO_PREFIX = 'offline-demo-';

export interface MessageModel {
  choice: Model | null;
  name: string;
  /** Answered by the offline demo model rather than the provider. */
  demo: boolean;
}

/** Who wrote a saved reply, from the provider model id the server stored with it. */
export function describeMessageModel(modelId: string | null, models: readonly ModelInfo[]): MessageModel {
  if (modelId?.startsWith(DEMO_PREFIX)) {
    const choice = modelId.slice(DEMO_PREFIX.length);
    if (isModel(choice)) return { choice, name: MODEL_DEFAULTS[choice].name, demo: true };
  }
  const known = models.find((m) => m.modelId === modelId);
  if (known) return { choice: isModel(known.id) ? known.id : null, name: known.name, demo: !known.live };
  return { choice: null, name: modelId ?? 'Assistant', demo: false };
}
