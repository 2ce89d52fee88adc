import type { ModelMessage } from 'ai';
import type { ModelEntry } from '../../integrations/ai/providers';
import { metrics } from '../../lib/metrics';
import type { PlaygroundDeps } from './deps';
import { createLeakGuard } from './leak-guard';
import { costMicros, priceOf } from './model-access';
import { providerCall, readStream } from './reply-stream';

/*
 * One reply that is not a chat turn: no session, no allowance, nothing written. Prompt tests run
 * their cases through it and a try's baseline answer is one (issue 56). It is the same provider
 * call as a turn's (reply-stream.ts: the timeout, the retries, the circuit), read through the
 * same leak guard when the model was given hidden text.
 */

export interface SingleReply {
  text: string;
  /** The reply held the hidden text and was cut (its text ends with the guard's notice). */
  leaked: boolean;
  /** Why it failed (the provider's fault, an empty reply), or null. */
  failure: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  costMicros: number;
  latencyMs: number;
}

export async function singleReply(
  deps: Pick<PlaygroundDeps, 'db' | 'models' | 'config'>,
  model: ModelEntry,
  request: {
    system: string;
    messages: ModelMessage[];
    /** Hidden text the reply must not repeat, and what the asker supplied (never a leak). */
    premiumText: string | null;
    supplied: string[];
    signal?: AbortSignal;
  },
): Promise<SingleReply> {
  const call = providerCall(deps, model, {
    system: request.system,
    messages: request.messages,
    temperature: null,
    maxOutputTokens: deps.config.ai.maxOutputTokens,
  });
  const guard = createLeakGuard(request.premiumText, request.supplied);
  call.start();
  const read = await readStream(call, guard, () => {}, request.signal ?? new AbortController().signal);
  const latencyMs = Math.round(performance.now() - call.startedAt());
  const empty = !read.failure && read.text.trim() === '';
  const failed = read.failure !== null || empty;
  metrics.providerCall(model.key, failed ? 'error' : 'complete');
  if (!guard.leaked) deps.models.record(model.key, read.failure === null);
  const inputTokens = read.usage.input ?? null;
  const outputTokens = read.usage.output ?? null;
  const price = await priceOf(deps.db, model);
  return {
    text: read.text,
    leaked: guard.leaked,
    failure: read.failure
      ? read.failure instanceof Error
        ? read.failure.message
        : String(read.failure)
      : empty
        ? 'empty reply'
        : null,
    inputTokens,
    outputTokens,
    costMicros:
      inputTokens === null && outputTokens === null
        ? 0
        : costMicros(price, inputTokens ?? 0, outputTokens ?? 0),
    latencyMs,
  };
}
