import fs from 'node:fs';
import { z } from 'zod';
import { MODELS, type Model } from '../../../shared/constants';

/*
 * Which providers and models the playground offers, as the operator configures them: environment
 * variables for the simple case (one Anthropic, OpenAI and Perplexity model, and one OpenAI-compatible
 * server such as Ollama, with or without a key), and a JSON file (AI_CONFIG_FILE) for more: any number
 * of providers, each with its models, capabilities and default prices, and which model answers each of
 * the spec's three choices. A provider declared in the file replaces the one of the same id from the
 * environment. Every base URL must be http(s); a bad one stops the start with a message naming it.
 */

export const PROVIDER_KINDS = ['anthropic', 'openai', 'perplexity', 'openai-compatible'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export interface ModelCapabilities {
  /** Accepts images (PNG, JPEG, GIF, WebP) in a user message. */
  images: boolean;
  /** Accepts PDF documents in a user message. */
  pdf: boolean;
}

/** Prices in millionths of the currency's major unit per million tokens (USD 3 a million = 3_000_000). */
export interface ModelPrice {
  inputMicros: number;
  outputMicros: number;
}

export interface ModelConfig {
  id: string;
  name: string;
  capabilities: ModelCapabilities;
  price: ModelPrice;
}

export interface AiProviderConfig {
  /** Short id, the first part of a model key: `<provider id>/<model id>`. */
  id: string;
  kind: ProviderKind;
  name: string;
  baseUrl: string | null;
  apiKey: string | null;
  /** OpenAI only: the Chat Completions API (default) or the Responses API. */
  api: 'chat' | 'responses';
  models: ModelConfig[];
  /** OpenAI-compatible only: its models are read from GET {baseUrl}/models too. */
  listModels: boolean;
}

export interface AiConfig {
  providers: AiProviderConfig[];
  /** The model key answering each of the spec's choices. */
  choices: Record<Model, string>;
  timeoutMs: number;
  /** Longest reply a model may write, in tokens (bounds cost). */
  maxOutputTokens: number;
  /** Retries of a provider call that failed before its first token (429, 529, 5xx). */
  maxRetries: number;
  /** How long a provider that stopped answering is left alone before one call tests it again. */
  outageHalfOpenMs: number;
  demoDelayMs: number;
}

const DEFAULT_CAPABILITIES: Record<ProviderKind, ModelCapabilities> = {
  anthropic: { images: true, pdf: true },
  openai: { images: true, pdf: true },
  perplexity: { images: true, pdf: false },
  'openai-compatible': { images: false, pdf: false },
};

/** List prices (USD per million tokens, December 2026) of the models the environment names by default. */
const KNOWN_PRICES: Record<string, [number, number]> = {
  'claude-sonnet-4-5': [3, 15],
  'claude-haiku-4-5': [1, 5],
  'claude-opus-4-5': [5, 25],
  'gpt-4o-mini': [0.15, 0.6],
  'gpt-4o': [2.5, 10],
  'gpt-5': [1.25, 10],
  'gpt-5-mini': [0.25, 2],
  sonar: [1, 1],
  'sonar-pro': [3, 15],
};

const micros = (perMillion: number) => Math.round(perMillion * 1_000_000);

export function defaultPrice(modelId: string): ModelPrice {
  const known = KNOWN_PRICES[modelId];
  return known
    ? { inputMicros: micros(known[0]), outputMicros: micros(known[1]) }
    : { inputMicros: 0, outputMicros: 0 };
}

export function modelConfig(kind: ProviderKind, id: string, extra: Partial<ModelConfig> = {}): ModelConfig {
  return {
    id,
    name: extra.name ?? id,
    capabilities: extra.capabilities ?? DEFAULT_CAPABILITIES[kind],
    price: extra.price ?? defaultPrice(id),
  };
}

const httpUrl = z
  .string()
  .regex(/^https?:\/\/[^\s/]+/i, 'must be an http:// or https:// URL')
  .refine((v) => URL.canParse(v), 'must be an http:// or https:// URL');

const FileModelSchema = z.union([
  z.string().min(1),
  z.object({
    id: z.string().min(1),
    name: z.string().min(1).optional(),
    images: z.boolean().optional(),
    pdf: z.boolean().optional(),
    /** USD (or the configured currency) per million tokens. */
    inputPrice: z.number().min(0).optional(),
    outputPrice: z.number().min(0).optional(),
  }),
]);

const FileSchema = z.object({
  providers: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,30}$/, 'must be lower-case letters, digits and dashes'),
        kind: z.enum(PROVIDER_KINDS),
        name: z.string().min(1).optional(),
        baseUrl: httpUrl.optional(),
        apiKey: z.string().min(1).optional(),
        /** The environment variable holding the key, so the file holds no secret. */
        apiKeyEnv: z.string().min(1).optional(),
        api: z.enum(['chat', 'responses']).optional(),
        models: z.array(FileModelSchema).default([]),
        listModels: z.boolean().optional(),
      }),
    )
    .default([]),
  choices: z.partialRecord(z.enum(MODELS), z.string().min(3)).default({}),
});

export interface AiEnv {
  ANTHROPIC_API_KEY?: string;
  ANTHROPIC_BASE_URL?: string;
  ANTHROPIC_MODEL: string;
  OPENAI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
  OPENAI_MODEL: string;
  OPENAI_API: 'chat' | 'responses';
  PERPLEXITY_API_KEY?: string;
  PERPLEXITY_BASE_URL?: string;
  PERPLEXITY_MODEL: string;
  OPENAI_COMPATIBLE_BASE_URL?: string;
  OPENAI_COMPATIBLE_API_KEY?: string;
  OPENAI_COMPATIBLE_NAME: string;
  OPENAI_COMPATIBLE_MODELS: string[];
  AI_CONFIG_FILE?: string;
}

/** The env variables with URLs, checked with the rest of the environment (messages name the variable). */
export const aiEnvUrl = httpUrl.optional();

/** The providers from the environment and the config file; throws a list of problems, each naming its source. */
export function aiProviders(
  e: AiEnv,
  env: NodeJS.ProcessEnv,
): { providers: AiProviderConfig[]; choices: Record<Model, string>; problems: string[] } {
  const problems: string[] = [];
  const provider = (
    id: string,
    kind: ProviderKind,
    name: string,
    baseUrl: string | undefined,
    apiKey: string | undefined,
    models: string[],
    extra: Partial<AiProviderConfig> = {},
  ): AiProviderConfig => ({
    id,
    kind,
    name,
    baseUrl: baseUrl ?? null,
    apiKey: apiKey ?? null,
    api: 'chat',
    models: models.map((m) => modelConfig(kind, m)),
    listModels: false,
    ...extra,
  });
  const providers: AiProviderConfig[] = [
    provider('anthropic', 'anthropic', 'Anthropic', e.ANTHROPIC_BASE_URL, e.ANTHROPIC_API_KEY, [
      e.ANTHROPIC_MODEL,
    ]),
    provider('openai', 'openai', 'OpenAI', e.OPENAI_BASE_URL, e.OPENAI_API_KEY, [e.OPENAI_MODEL], {
      api: e.OPENAI_API,
    }),
    provider('perplexity', 'perplexity', 'Perplexity', e.PERPLEXITY_BASE_URL, e.PERPLEXITY_API_KEY, [
      e.PERPLEXITY_MODEL,
    ]),
  ];
  if (e.OPENAI_COMPATIBLE_BASE_URL) {
    providers.push(
      provider(
        'local',
        'openai-compatible',
        e.OPENAI_COMPATIBLE_NAME,
        e.OPENAI_COMPATIBLE_BASE_URL,
        e.OPENAI_COMPATIBLE_API_KEY,
        e.OPENAI_COMPATIBLE_MODELS,
        { listModels: true },
      ),
    );
  }
  const choices: Record<Model, string> = {
    claude: `anthropic/${e.ANTHROPIC_MODEL}`,
    chatgpt: `openai/${e.OPENAI_MODEL}`,
    perplexity: `perplexity/${e.PERPLEXITY_MODEL}`,
  };

  if (e.AI_CONFIG_FILE) {
    let raw: unknown;
    try {
      raw = JSON.parse(fs.readFileSync(e.AI_CONFIG_FILE, 'utf8'));
    } catch (err) {
      problems.push(`AI_CONFIG_FILE: cannot read ${e.AI_CONFIG_FILE} as JSON (${(err as Error).message})`);
    }
    const parsed = raw === undefined ? null : FileSchema.safeParse(raw);
    if (parsed && !parsed.success) {
      for (const i of parsed.error.issues) problems.push(`AI_CONFIG_FILE ${i.path.join('.')}: ${i.message}`);
    } else if (parsed) {
      for (const p of parsed.data.providers) {
        const apiKey = p.apiKey ?? (p.apiKeyEnv ? env[p.apiKeyEnv] || undefined : undefined);
        const entry = provider(p.id, p.kind, p.name ?? p.id, p.baseUrl, apiKey, [], {
          api: p.api ?? 'chat',
          listModels: p.listModels ?? p.kind === 'openai-compatible',
        });
        entry.models = p.models.map((m) =>
          typeof m === 'string'
            ? modelConfig(p.kind, m)
            : modelConfig(p.kind, m.id, {
                name: m.name,
                capabilities: {
                  images: m.images ?? DEFAULT_CAPABILITIES[p.kind].images,
                  pdf: m.pdf ?? DEFAULT_CAPABILITIES[p.kind].pdf,
                },
                price:
                  m.inputPrice === undefined && m.outputPrice === undefined
                    ? defaultPrice(m.id)
                    : { inputMicros: micros(m.inputPrice ?? 0), outputMicros: micros(m.outputPrice ?? 0) },
              }),
        );
        if (p.kind === 'openai-compatible' && !p.baseUrl) {
          problems.push(
            `AI_CONFIG_FILE providers.${p.id}.baseUrl: is required for an openai-compatible provider`,
          );
        }
        const at = providers.findIndex((x) => x.id === p.id);
        if (at >= 0) providers[at] = entry;
        else providers.push(entry);
      }
      Object.assign(choices, parsed.data.choices);
    }
  }
  for (const [choice, key] of Object.entries(choices)) {
    const [providerId] = key.split('/', 1);
    if (!providers.some((p) => p.id === providerId)) {
      problems.push(`AI_CONFIG_FILE choices.${choice}: no provider "${providerId}" is configured`);
    }
  }
  return { providers, choices, problems };
}
