import type { LanguageModelV3, LanguageModelV3Prompt, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { MODEL_NAMES, type Model } from '../../../shared/constants';
import { JUDGE_SYSTEM } from '../../../shared/prompt-tests';

/*
 * The offline demo model: what the playground answers with when a model has no API key. It streams
 * a deterministic, useful answer built from the conversation and says plainly that it is the
 * offline demo, so nobody mistakes it for Claude or ChatGPT. It implements the AI SDK's model
 * interface, so the playground runs the same code path as with a real provider.
 */

const KEYS: Record<string, string> = {
  claude: 'ANTHROPIC_API_KEY',
  chatgpt: 'OPENAI_API_KEY',
  perplexity: 'PERPLEXITY_API_KEY',
};

function lastUserText(prompt: LanguageModelV3Prompt): string {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const m = prompt[i]!;
    if (m.role === 'user') {
      return m.content
        .map((p) => (p.type === 'text' ? p.text : ''))
        .join(' ')
        .trim();
    }
  }
  return '';
}

/** The files (images, PDFs) sent with the last user message. */
function lastUserFiles(prompt: LanguageModelV3Prompt): number {
  const last = prompt.findLast((m) => m.role === 'user');
  return last?.role === 'user' ? last.content.filter((p) => p.type === 'file').length : 0;
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * A prompt test's rubric, judged offline: PASS when the answer uses at least half of the rubric's
 * longer words, and a second line that says this is the offline demo model's word count, not a
 * real model's judgement.
 */
function demoVerdict(request: string): string {
  const rubric = /<rubric>\n([\s\S]*?)\n<\/rubric>/.exec(request)?.[1] ?? '';
  const answer = new Set(words(/<answer>\n([\s\S]*?)\n<\/answer>/.exec(request)?.[1] ?? ''));
  const wanted = [...new Set(words(rubric).filter((w) => w.length > 4))];
  const found = wanted.filter((w) => answer.has(w)).length;
  const pass = wanted.length > 0 && found * 2 >= wanted.length;
  return `${pass ? 'PASS' : 'FAIL'}\nOffline demo model: the answer uses ${found} of the rubric's ${wanted.length} longer words; a real model would judge it.`;
}

/** The reply, fully determined by the conversation. */
export function demoReply(choice: string, prompt: LanguageModelV3Prompt, keyVariable?: string): string {
  const question = lastUserText(prompt);
  if (prompt.some((m) => m.role === 'system' && m.content === JUDGE_SYSTEM)) return demoVerdict(question);
  const turns = prompt.filter((m) => m.role === 'user').length;
  // Every chat has the playground's own system message; a marketplace prompt is part of the
  // conversation only when the playground added one to it, between <prompt> tags (a premium try).
  const guidedByPrompt = prompt.some(
    (m) => m.role === 'system' && /<prompt>[\s\S]*<\/prompt>/.test(m.content),
  );
  // A system prompt of the user's own (a session's settings) replaces the playground's.
  const own = prompt.find((m) => m.role === 'system' && !m.content.startsWith(PLAYGROUND_SYSTEM_START));
  const instructions = own?.role === 'system' ? own.content.replace(/\s+/g, ' ').trim() : '';
  const topic = question.length > 80 ? `${question.slice(0, 77).trimEnd()}...` : question;
  const keywords = [...new Set(words(question).filter((w) => w.length > 4))].slice(0, 3);
  const lines = [
    `**Offline demo model** (standing in for ${MODEL_NAMES[choice as Model] ?? choice}: no API key is configured, so this answer is generated locally and is not from a real AI model).`,
    '',
    turns > 1
      ? `This is message ${turns} of our conversation; the whole conversation is sent with every message, so a real model would build on what came before.`
      : `You asked: "${topic || 'an empty question'}".`,
    ...(lastUserFiles(prompt) > 0
      ? [
          '',
          `You attached ${lastUserFiles(prompt) === 1 ? 'a file' : `${lastUserFiles(prompt)} files`}: the offline demo model cannot read ${lastUserFiles(prompt) === 1 ? 'it' : 'them'}, a real model would.`,
        ]
      : []),
    ...(instructions
      ? [
          '',
          `Following your system prompt: "${instructions.length > 80 ? `${instructions.slice(0, 77).trimEnd()}...` : instructions}".`,
        ]
      : []),
    '',
    'Here is how I would approach it:',
    `1. **Clarify the goal.** Say what a great answer looks like${keywords.length ? `, especially around ${keywords.map((k) => `*${k}*`).join(', ')}` : ''}.`,
    '2. **Give context.** Audience, tone, length and format make the biggest difference to an answer.',
    '3. **Ask for structure.** Headings, a table or numbered steps make the answer easy to reuse.',
    '4. **Iterate.** Follow up with what to keep and what to change.',
    '',
    guidedByPrompt
      ? 'A marketplace prompt is guiding this conversation.'
      : 'Tip: try a prompt from the marketplace to see a structured prompt at work.',
    '',
    `To get real answers, set \`${keyVariable ?? KEYS[choice] ?? 'the provider API key'}\` on the server.`,
  ];
  return lines.join('\n');
}

/** How the playground's own system prompt starts (turn.ts): any other is the user's. */
const PLAYGROUND_SYSTEM_START = 'You are the assistant in the Promptforge playground.';

/**
 * The reply for a conversation whose last message is the model's own, cut short: the rest of the
 * reply it was giving (Continue), found by answering the conversation without that last message.
 */
function continuation(choice: string, prompt: LanguageModelV3Prompt, keyVariable?: string): string | null {
  const last = prompt.at(-1);
  if (last?.role !== 'assistant') return null;
  const given = last.content.map((p) => (p.type === 'text' ? p.text : '')).join('');
  const whole = demoReply(choice, prompt.slice(0, -1), keyVariable);
  return whole.startsWith(given) ? whole.slice(given.length) : whole;
}

/** Splits text into streaming tokens: words with their following whitespace. */
export function tokens(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    // The listener goes when the pause ends: one per token would pile up on a long reply.
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

const usage = (input: number, output: number) => ({
  inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: output, text: output, reasoning: 0 },
});

export function createDemoModel(choice: string, delayMs: number, keyVariable?: string): LanguageModelV3 {
  return {
    specificationVersion: 'v3',
    provider: 'promptforge-offline-demo',
    modelId: `offline-demo-${choice}`,
    supportedUrls: {},
    async doGenerate(options) {
      const text = demoReply(choice, options.prompt, keyVariable);
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usage(words(JSON.stringify(options.prompt)).length, tokens(text).length),
        warnings: [],
      };
    },
    async doStream(options) {
      const text =
        continuation(choice, options.prompt, keyVariable) ?? demoReply(choice, options.prompt, keyVariable);
      const all = tokens(text);
      // A reply limit cuts the reply as a provider's would, and says so.
      const cut = options.maxOutputTokens !== undefined && all.length > options.maxOutputTokens;
      const parts = cut ? all.slice(0, options.maxOutputTokens) : all;
      const signal = options.abortSignal;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        async start(controller) {
          try {
            controller.enqueue({ type: 'stream-start', warnings: [] });
            controller.enqueue({ type: 'text-start', id: 't0' });
            for (const delta of parts) {
              if (delayMs > 0) await sleep(delayMs, signal);
              controller.enqueue({ type: 'text-delta', id: 't0', delta });
            }
            controller.enqueue({ type: 'text-end', id: 't0' });
            controller.enqueue({
              type: 'finish',
              finishReason: cut ? { unified: 'length', raw: 'length' } : { unified: 'stop', raw: 'stop' },
              usage: usage(words(JSON.stringify(options.prompt)).length, parts.length),
            });
            controller.close();
          } catch (err) {
            controller.error(err);
          }
        },
      });
      return { stream };
    },
  };
}
