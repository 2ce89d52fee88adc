import type { LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { ModelMessage } from 'ai';
import {
  AI_FAILURE_MESSAGE,
  EMPTY_REPLY_MESSAGE,
  type ChatReply,
  type Source,
} from '../../../shared/playground';
import { startModelStream } from '../../integrations/ai/model-stream';
import type { ModelEntry } from '../../integrations/ai/providers';
import { recordActivity } from '../../lib/activity';
import { AppError } from '../../lib/errors';
import { metrics } from '../../lib/metrics';
import { newId, nowIso } from '../../lib/time';
import type { AuthContext } from '../../plugins/app/auth';
import * as allowances from './allowance';
import type { PlaygroundContext } from './deps';
import { LEAK_REFUSAL, type LeakGuard, createLeakGuard } from './leak-guard';
import { costMicros, priceOf } from './model-access';
import * as repo from './repository';

/*
 * The reply of a turn: the provider's stream read part by part through the leak guard, then saved
 * with its tokens and cost, and the allowance settled (a failed reply gives back what its turn took).
 */

/** The provider call of a turn, started when the turn says (before or after its writes). */
export interface ProviderCall {
  controller: AbortController;
  /** The adapter's model the call is made to. */
  model: LanguageModelV3;
  start(): void;
  /** Drops a call whose turn was not written. */
  cancel(reason: Error): void;
  parts(): AsyncIterable<LanguageModelV3StreamPart>;
  startedAt(): number;
  clearTimer(): void;
}

/** What the model is asked: the system prompt, the conversation, and the session's settings. */
export interface CallOptions {
  system: string;
  messages: ModelMessage[];
  temperature: number | null;
  maxOutputTokens: number;
}

export function providerCall(
  deps: Pick<PlaygroundContext, 'config'>,
  model: ModelEntry,
  options: CallOptions,
): ProviderCall {
  const { ai } = deps.config;
  const controller = new AbortController();
  let timeout: NodeJS.Timeout | undefined;
  let stream: Promise<ReadableStream<LanguageModelV3StreamPart>> | null = null;
  let started = 0;
  return {
    controller,
    model: model.model,
    start() {
      started = performance.now();
      timeout = setTimeout(() => controller.abort(new Error('provider timed out')), ai.timeoutMs);
      // The model is called at once, retrying 429, 529 and 5xx answers (with the provider's
      // retry-after) until its stream starts; a failure is read with the stream, below.
      stream = startModelStream(model.model, {
        system: options.system,
        messages: options.messages,
        maxOutputTokens: options.maxOutputTokens,
        ...(options.temperature === null ? {} : { temperature: options.temperature }),
        maxRetries: ai.maxRetries,
        abortSignal: controller.signal,
      });
      // A call whose turn is dropped before it is read fails unread.
      stream.catch(() => {});
    },
    cancel(reason) {
      clearTimeout(timeout);
      controller.abort(reason);
    },
    // Left early (the leak guard), the stream is cancelled: the response is read no further.
    parts: async function* () {
      yield* await stream!;
    },
    startedAt: () => started,
    clearTimer: () => clearTimeout(timeout),
  };
}

/** A prepared turn, as its reply needs it. */
export interface ReplyJob {
  auth: AuthContext;
  plan: allowances.PlanAllowance;
  choice: ModelEntry;
  /** The choice or key the turn asked for. */
  modelRef: string;
  prompt: repo.PromptRow | null;
  sessionId: string;
  /** Text the user supplied in this conversation: never a leak when a reply echoes it. */
  supplied: string[];
  premiumText: string | null;
  /** The user message the reply answers. */
  answers: string;
  /** The cut reply this turn continues (its text is appended), or null for a new reply. */
  continues: repo.MessageRow | null;
  /** Messages the turn adds to the session's count. */
  added: number;
  reservation: allowances.Reservation;
  taken: allowances.Holding;
  call: ProviderCall;
}

export interface StreamRead {
  text: string;
  failure: unknown;
  usage: { input?: number; output?: number };
  sources: Source[];
  reasoning: string;
  /** The model's reason for ending, as the AI SDK names it ('length': the reply limit cut it). */
  finish: string | null;
}

/** Reads the provider's parts, sending each safe piece of text on; a fault is kept as `failure`. */
export async function readStream(
  call: ProviderCall,
  guard: LeakGuard,
  onToken: (text: string) => void,
  signal: AbortSignal,
): Promise<StreamRead> {
  const { controller } = call;
  const out: StreamRead = { text: '', failure: null, usage: {}, sources: [], reasoning: '', finish: null };
  const emit = (text: string) => {
    out.text += text;
    onToken(text);
  };
  // The provider's own reason for ending (stop, end_turn, length...). A body that was not the
  // wire format, or a stream closed early, ends without one: that is a fault, not an answer.
  let finishReason: string | undefined;
  const abort = () => controller.abort(signal.reason);
  if (signal.aborted) abort();
  else signal.addEventListener('abort', abort, { once: true });
  try {
    for await (const part of call.parts()) {
      if (part.type === 'text-delta') {
        const safe = guard.push(part.delta);
        if (safe === null) {
          controller.abort(new Error('premium prompt text in reply'));
          break;
        }
        if (safe) emit(safe);
      } else if (part.type === 'reasoning-delta') {
        out.reasoning += part.delta;
      } else if (part.type === 'source' && part.sourceType === 'url') {
        if (!out.sources.some((x) => x.url === part.url))
          out.sources.push({ url: part.url, title: part.title ?? null });
      } else if (part.type === 'stream-start' && part.warnings.length > 0) {
        // The adapter's warnings (a setting the model ignores), logged as streamText would.
        if (globalThis.AI_SDK_LOG_WARNINGS) {
          const { provider, modelId } = call.model;
          globalThis.AI_SDK_LOG_WARNINGS({ warnings: part.warnings, provider, model: modelId });
        }
      } else if (part.type === 'error') {
        throw part.error;
      } else if (part.type === 'finish') {
        out.usage = { input: part.usage.inputTokens.total, output: part.usage.outputTokens.total };
        out.finish = part.finishReason.unified;
        // The Responses API gives no raw reason; an adapter that saw no end reports 'other'.
        const { raw, unified } = part.finishReason;
        finishReason = raw ?? (unified === 'other' ? undefined : unified);
      }
    }
  } catch (err) {
    // A stream that was aborted ends with the abort's error: what the abort means is decided below.
    if (!controller.signal.aborted) out.failure = err;
  } finally {
    call.clearTimer();
    signal.removeEventListener('abort', abort);
  }
  if (out.failure !== null) return out;
  // The held-back end is checked as it is released: it may be where the reply leaks.
  const rest = guard.leaked || controller.signal.aborted ? '' : guard.flush();
  if (guard.leaked) emit(LEAK_REFUSAL);
  else if (rest) emit(rest);
  // Aborted by our own timeout (not by the user, not by the leak guard): a provider fault.
  if (controller.signal.aborted && !signal.aborted && !guard.leaked) out.failure = controller.signal.reason;
  else if (!controller.signal.aborted && finishReason === undefined)
    out.failure = new Error('the provider stream ended without a finish reason');
  return out;
}

type Status = 'complete' | 'incomplete' | 'error';

/** Writes the reply, settles the allowance and counts a try, in one transaction. */
async function saveReply(
  deps: PlaygroundContext,
  job: ReplyJob,
  read: StreamRead,
  r: { status: Status; content: string; latencyMs: number; succeeded: boolean; leaked: boolean },
) {
  const { db } = deps;
  const { choice, sessionId, prompt } = job;
  const messageId = job.continues?.id ?? newId();
  const finishedAt = nowIso();
  // The offline demo model's tokens are its own estimate, labelled as such; a provider's are its count.
  const estimated = !choice.live;
  const tokensIn = read.usage.input ?? null;
  const tokensOut = read.usage.output ?? null;
  const price = await priceOf(db, choice);
  const cost =
    tokensIn === null && tokensOut === null ? null : costMicros(price, tokensIn ?? 0, tokensOut ?? 0);
  const reasoning = read.reasoning.trim() === '' || r.leaked ? null : read.reasoning;
  const finishReason = r.status === 'complete' ? read.finish : null;
  await db.transaction().execute(async (trx) => {
    if (job.continues) {
      await repo.extendMessage(trx, {
        id: job.continues.id,
        text: r.content,
        status: r.status === 'complete' ? 'complete' : job.continues.status,
        inputTokens: tokensIn,
        outputTokens: tokensOut,
        costMicros: cost,
        finishReason,
      });
      await repo.touchSession(trx, sessionId, 0, finishedAt, job.modelRef);
    } else {
      await repo.insertMessage(trx, {
        id: messageId,
        sessionId,
        role: 'ai',
        content: r.content,
        model: choice.modelId,
        status: r.status,
        latencyMs: r.status === 'complete' ? r.latencyMs : null,
        inputTokens: tokensIn,
        outputTokens: tokensOut,
        modelKey: choice.key,
        planId: job.plan.planId ?? null,
        costMicros: cost,
        usageEstimated: estimated,
        sources: read.sources.length > 0 ? read.sources : null,
        reasoning,
        parentId: job.answers,
        finishReason,
        createdAt: finishedAt,
      });
      await repo.touchSession(trx, sessionId, job.added, finishedAt, job.modelRef, messageId);
    }
    await allowances.settle(trx, job.reservation, job.taken, r.succeeded);
    if (r.succeeded && job.taken.slot && prompt) {
      await repo.addTry(trx, prompt.id);
      await recordActivity(trx, {
        type: 'prompt.tried',
        actorId: job.auth.userId,
        promptId: prompt.id,
        subjectId: sessionId,
      });
    }
  });
  return {
    messageId,
    finishReason,
    reasoning,
    usage: { inputTokens: tokensIn, outputTokens: tokensOut, estimated, costMicros: cost },
  };
}

/** Streams a prepared turn's reply, saves it, and answers it (or throws the spec's failure). */
export async function runReply(
  deps: PlaygroundContext,
  job: ReplyJob,
  onToken: (text: string) => void,
  signal: AbortSignal,
): Promise<ChatReply> {
  const { choice, sessionId } = job;
  const guard = createLeakGuard(job.premiumText, job.supplied);
  const read = await readStream(job.call, guard, onToken, signal);
  const stopped = signal.aborted && !guard.leaked;
  // The user pressed Stop: whatever the provider call reported while being cut off is no fault.
  const failure = stopped ? null : read.failure;
  const latencyMs = Math.round(performance.now() - job.call.startedAt());
  const empty = !failure && !stopped && read.text.trim() === '';
  const status: Status = failure ? 'error' : stopped ? 'incomplete' : empty ? 'error' : 'complete';
  metrics.providerCall(job.modelRef, status);
  if (!stopped && !guard.leaked) deps.models.record(choice.key, !failure);
  const content = empty ? EMPTY_REPLY_MESSAGE : read.text;
  // A failed reply (or a stopped one that produced nothing) gives back what its turn took.
  const succeeded = !(status === 'error' || (stopped && read.text.trim() === ''));
  const saved = await saveReply(deps, job, read, {
    status,
    content,
    latencyMs,
    succeeded,
    leaked: guard.leaked,
  });
  if (failure || empty) {
    deps.log.warn(
      { err: failure, sessionId, model: choice.modelId, provider: choice.provider, latencyMs },
      failure ? 'AI provider call failed' : 'AI provider returned an empty reply',
    );
    throw new AppError('SERVER_ERROR', failure ? AI_FAILURE_MESSAGE : EMPTY_REPLY_MESSAGE, {
      status: 502,
      internal: failure instanceof Error ? failure.message : String(failure ?? 'empty reply'),
    });
  }
  return {
    // A continued reply answers its whole text, as it is now saved.
    response: job.continues ? job.continues.content + content : content,
    sessionId,
    messageId: saved.messageId,
    userMessageId: job.answers,
    finishReason: saved.finishReason,
    model: job.modelRef,
    live: choice.live,
    sources: read.sources,
    reasoning: saved.reasoning,
    usage: saved.usage,
  };
}
