import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createPerplexity } from '@ai-sdk/perplexity';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { CircuitBreakerPolicy } from 'cockatiel';
import {
  CircuitState,
  ConsecutiveBreaker,
  ExponentialBackoff,
  type IBackoff,
  circuitBreaker,
  handleWhen,
} from 'cockatiel';
import type { MODEL_STATUSES } from '../../../shared/admin-models';
import { MODELS, MODEL_NAMES, type Model } from '../../../shared/constants';
import type { AiConfig, AiProviderConfig, ModelCapabilities, ModelConfig, ModelPrice } from './ai-config';
import { modelConfig } from './ai-config';
import { createDemoModel } from './demo-model';

/*
 * Every configured model behind the AI SDK's model interface, made by the official provider
 * packages (decision 043). A model of a provider that needs a key and has none is answered by the
 * offline demo model, labelled as such. The models of an OpenAI-compatible server (Ollama, LM Studio,
 * vLLM, llama.cpp) can be read from its GET /models: the list is kept until refreshed.
 */

export type ModelStatus = (typeof MODEL_STATUSES)[number];

export interface ModelEntry {
  /** `<provider id>/<model id>`: what the API and the database call the model. */
  key: string;
  name: string;
  providerId: string;
  /** The provider's name as people know it (Anthropic, a local server's configured name). */
  provider: string;
  /** The provider's model id, or the offline demo model's. */
  modelId: string;
  live: boolean;
  capabilities: ModelCapabilities;
  defaultPrice: ModelPrice;
  /** From the configuration, or read from the server's model list. */
  source: 'config' | 'listed';
  model: LanguageModelV3;
}

export interface ModelRegistry {
  choices: Record<Model, string>;
  list(): ModelEntry[];
  /** A model by its key or by one of the spec's choices. */
  find(ref: string): ModelEntry | undefined;
  /** Reads the model lists of the OpenAI-compatible servers again. */
  refresh(): Promise<void>;
  /** What the last call to the model (or its server's list) said of it. */
  record(key: string, ok: boolean): void;
  /** `unavailable` while its provider's circuit is open (it stopped answering): see providerCircuit. */
  status(key: string): ModelStatus;
}

/** Consecutive failed calls (no connection, a timeout, a 5xx or 529) after which a provider is out. */
export const OUTAGE_FAILURES = 5;

/** A provider's circuit, and whether its models are out right now. */
export interface ProviderCircuit {
  policy: CircuitBreakerPolicy;
  /** Open, and its wait not over: turns to its models are refused without calling it. */
  out(): boolean;
}

/**
 * A provider's circuit breaker (cockatiel): every HTTP call the official adapter makes to it goes
 * through it. A call that cannot connect, times out or gets a 5xx counts as a failure; OUTAGE_FAILURES
 * in a row open the circuit, and from then on calls fail at once (the playground lists its models as
 * unavailable and refuses turns to them) until `halfOpenAfterMs` has passed (doubling while it stays
 * down, up to five minutes), when the next call is let through to test it. A 4xx (a bad request, a
 * missing key, a rate limit) is the provider answering and counts as success; a stop by the user
 * counts as neither. `out` reads the wait from the backoff cockatiel draws each time it opens.
 */
export function providerCircuit(halfOpenAfterMs: number): ProviderCircuit {
  let outUntil = 0;
  const noted = (b: IBackoff<unknown>): IBackoff<unknown> => {
    outUntil = Date.now() + b.duration;
    return { duration: b.duration, next: (context) => noted(b.next(context)) };
  };
  const backoff = new ExponentialBackoff({
    initialDelay: halfOpenAfterMs,
    maxDelay: Math.max(halfOpenAfterMs, 300_000),
  });
  const outage = handleWhen((err) => err.name !== 'AbortError').orWhenResult(
    (res) => res instanceof Response && res.status >= 500,
  );
  const policy = circuitBreaker(outage, {
    halfOpenAfter: { next: () => noted(backoff.next()) },
    breaker: new ConsecutiveBreaker(OUTAGE_FAILURES),
  });
  return { policy, out: () => policy.state === CircuitState.Open && Date.now() < outUntil };
}

const KEY_VARIABLES: Record<string, string> = {
  anthropic: 'ANTHROPIC_API_KEY',
  openai: 'OPENAI_API_KEY',
  perplexity: 'PERPLEXITY_API_KEY',
};

const needsKey = (p: AiProviderConfig) => p.kind !== 'openai-compatible';
const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * The AI SDK's warnings (a setting a provider ignores, say) into the app's log, not the console.
 * The setting is the SDK's global one, so the last app created in the process keeps it.
 */
export function logSdkWarnings(log: { warn(obj: object, msg: string): void }) {
  globalThis.AI_SDK_LOG_WARNINGS = ({ warnings, provider, model }) =>
    log.warn({ warnings, provider, model }, 'AI SDK warning');
}

const requestHooks = new WeakMap<AbortSignal, () => void>();

/**
 * Settles once a model called with this signal has handed its request to fetch. A turn that calls
 * the provider before writing its rows waits for this (and one turn of the event loop), so the
 * request is on the wire before the synchronous SQLite writes hold the loop (decision 043).
 */
export function providerRequested(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => requestHooks.set(signal, resolve));
}

/** The global fetch, through the adapters' documented `fetch` option, telling providerRequested. */
const hookedFetch: typeof fetch = (input, init) => {
  const response = fetch(input, init);
  const signal = init?.signal;
  if (signal) {
    requestHooks.get(signal)?.();
    requestHooks.delete(signal);
  }
  return response;
};

/** The official adapter's model for one provider's model id, its calls through the provider's circuit. */
function providerModel(p: AiProviderConfig, modelId: string, circuit: CircuitBreakerPolicy): LanguageModelV3 {
  const baseURL = p.baseUrl ? trimSlash(p.baseUrl) : undefined;
  const apiKey = p.apiKey ?? undefined;
  const fetch: typeof globalThis.fetch = (input, init) =>
    circuit.execute(() => hookedFetch(input, init), init?.signal ?? undefined);
  switch (p.kind) {
    case 'anthropic':
      return createAnthropic({ apiKey, baseURL, fetch })(modelId);
    case 'openai': {
      const openai = createOpenAI({ apiKey, baseURL, fetch });
      return p.api === 'responses' ? openai.responses(modelId) : openai.chat(modelId);
    }
    case 'perplexity':
      return createPerplexity({ apiKey, baseURL, fetch })(modelId);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: p.id,
        baseURL: baseURL!,
        apiKey,
        includeUsage: true,
        fetch,
      }).chatModel(modelId);
  }
}

export function createModelRegistry(ai: AiConfig, fetchImpl: typeof fetch = fetch): ModelRegistry {
  const providers = new Map(ai.providers.map((p) => [p.id, p]));
  const choiceOf = new Map(Object.entries(ai.choices).map(([choice, key]) => [key, choice as Model]));
  const configured = new Map<string, ModelEntry>();
  const listed = new Map<string, Map<string, ModelEntry>>();
  const outcomes = new Map<string, boolean>();
  const circuits = new Map(ai.providers.map((p) => [p.id, providerCircuit(ai.outageHalfOpenMs)]));

  const entry = (p: AiProviderConfig, m: ModelConfig, source: ModelEntry['source']): ModelEntry => {
    const key = `${p.id}/${m.id}`;
    const live = !needsKey(p) || p.apiKey !== null;
    const choice = choiceOf.get(key);
    const demo = live
      ? null
      : createDemoModel(
          choice ?? m.name,
          ai.demoDelayMs,
          KEY_VARIABLES[p.id] ?? `the key of provider ${p.id}`,
        );
    return {
      key,
      name: m.name,
      providerId: p.id,
      provider: p.name,
      modelId: demo ? demo.modelId : m.id,
      live,
      capabilities: m.capabilities,
      defaultPrice: m.price,
      source,
      model: demo ?? providerModel(p, m.id, circuits.get(p.id)!.policy),
    };
  };

  for (const p of ai.providers) {
    for (const m of p.models) configured.set(`${p.id}/${m.id}`, entry(p, m, 'config'));
  }
  // A choice names a model its provider may not list (a local server's model named in the file).
  for (const key of Object.values(ai.choices)) {
    if (configured.has(key)) continue;
    const slash = key.indexOf('/');
    const p = providers.get(key.slice(0, slash))!;
    configured.set(key, entry(p, modelConfig(p.kind, key.slice(slash + 1)), 'config'));
  }
  // The spec's choices keep their names (Claude, ChatGPT, Perplexity) in the model list.
  for (const choice of MODELS) {
    const e = configured.get(ai.choices[choice]);
    if (e && e.name === e.key.slice(e.providerId.length + 1)) e.name = MODEL_NAMES[choice];
  }

  async function readList(p: AiProviderConfig) {
    const headers: Record<string, string> = p.apiKey ? { authorization: `Bearer ${p.apiKey}` } : {};
    try {
      const res = await fetchImpl(`${trimSlash(p.baseUrl!)}/models`, {
        headers,
        signal: AbortSignal.timeout(Math.min(ai.timeoutMs, 10_000)),
      });
      if (!res.ok) throw new Error(`GET /models answered ${res.status}`);
      const body = (await res.json()) as { data?: { id?: unknown }[] };
      const ids = (body.data ?? []).map((m) => m.id).filter((id): id is string => typeof id === 'string');
      const models = new Map<string, ModelEntry>();
      for (const id of ids) {
        if (!configured.has(`${p.id}/${id}`)) models.set(id, entry(p, modelConfig(p.kind, id), 'listed'));
      }
      listed.set(p.id, models);
      for (const id of ids) outcomes.set(`${p.id}/${id}`, true);
    } catch {
      // The server is down or is not OpenAI-compatible: the models it had stay, marked failing.
      for (const e of registry.list()) if (e.providerId === p.id) outcomes.set(e.key, false);
    }
  }

  const registry: ModelRegistry = {
    choices: ai.choices,
    list() {
      const all = [...configured.values()];
      for (const models of listed.values()) all.push(...models.values());
      return all;
    },
    find(ref) {
      // An own key only: 'constructor' or '__proto__' names no choice (and no model).
      const choices = ai.choices as Record<string, string>;
      const key = Object.hasOwn(choices, ref) ? (choices[ref] ?? ref) : ref;
      if (configured.has(key)) return configured.get(key);
      const slash = key.indexOf('/');
      return slash > 0 ? listed.get(key.slice(0, slash))?.get(key.slice(slash + 1)) : undefined;
    },
    async refresh() {
      await Promise.all(ai.providers.filter((p) => p.listModels && p.baseUrl).map(readList));
    },
    record(key, ok) {
      outcomes.set(key, ok);
    },
    status(key) {
      const e = registry.find(key);
      if (!e) return 'unknown';
      if (!e.live) return 'key-missing';
      if (circuits.get(e.providerId)!.out()) return 'unavailable';
      const outcome = outcomes.get(e.key);
      return outcome === undefined ? 'unknown' : outcome ? 'reachable' : 'failing';
    },
  };
  return registry;
}
