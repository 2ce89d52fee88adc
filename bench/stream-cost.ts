import { createAnthropic } from '@ai-sdk/anthropic';
import { streamText } from 'ai';
import { startModelStream } from '../src/server/integrations/ai/model-stream';
import { startFakeAi } from '../tests/support/fake-ai';
import { PACED_TOKENS } from './paced-reply';

/*
 * The CPU a reply costs this process, read the app's way (the adapter's doStream through
 * startModelStream) and through the AI SDK's streamText, against the fake Anthropic provider in the
 * same process streaming scenario 7's paced reply without pauses (decision 062).
 *   tsx bench/stream-cost.ts [turns]
 */

const turns = Number(process.argv[2] ?? 300);
const words = 'Here is a concise, well structured answer with a short example and a closing tip.'.split(' ');
const fake = await startFakeAi(0);
fake.setFallback({
  kind: 'reply',
  text: Array.from({ length: PACED_TOKENS }, (_, i) => words[i % words.length]).join(' '),
  delayMs: 0,
});
const model = createAnthropic({ apiKey: 'bench', baseURL: `${fake.url}/v1` })('claude-bench');

async function viaStreamText() {
  const result = streamText({ model, prompt: 'hi', maxOutputTokens: 1024, onError: () => {} });
  for await (const part of result.fullStream) if (part.type === 'error') throw part.error;
}

async function viaDoStream() {
  const stream = await startModelStream(model, {
    system: '',
    messages: [{ role: 'user', content: 'hi' }],
    maxOutputTokens: 1024,
    maxRetries: 2,
    abortSignal: new AbortController().signal,
  });
  for await (const part of stream) if (part.type === 'error') throw part.error;
}

// Each way twice, in turn, after a warm-up of its own: the second round is the one to read.
for (const round of [1, 2]) {
  for (const [name, read] of [
    ['streamText', viaStreamText],
    ['doStream', viaDoStream],
  ] as const) {
    for (let i = 0; i < 50; i++) await read();
    const before = process.cpuUsage();
    for (let i = 0; i < turns; i++) await read();
    const used = process.cpuUsage(before);
    const ms = (used.user + used.system) / 1000 / turns;
    console.log(
      `round ${round}  ${name.padEnd(10)}  ${ms.toFixed(2)} ms CPU a reply of ${PACED_TOKENS} tokens`,
    );
  }
}
await fake.close();
