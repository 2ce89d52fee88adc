import http from 'node:http';
import { startFakeAi } from '../tests/support/fake-ai';
import { PACED_DELAY_MS, PACED_TOKENS } from './paced-reply';

/*
 * The fake Anthropic/OpenAI provider of the test suite, as a process of its own, for the streaming
 * benchmark: every request streams the same fixed reply.
 *   tsx bench/fake-provider.ts <port> <control port>
 * The control port switches the reply between the benchmark's phases: `POST /reply/short` (a dozen
 * tokens 5 ms apart, for the one-stream runs, where only the first token matters) and
 * `POST /reply/paced` (the realistic reply the concurrent runs use: see paced-reply.ts). The scale
 * benchmark sets a long reply of its own: `POST /reply/steady?tokens=N&delay=ms`.
 */

const words = 'Here is a concise, well structured answer with a short example and a closing tip.'.split(' ');
const pacedText = Array.from({ length: PACED_TOKENS }, (_, i) => words[i % words.length]).join(' ');

const fake = await startFakeAi(Number(process.argv[2] ?? 0));
const replies = {
  short: {
    kind: 'reply' as const,
    text: 'A fixed reply of a dozen words, streamed token by token for the benchmark.',
    delayMs: 5,
  },
  paced: { kind: 'reply' as const, text: pacedText, delayMs: PACED_DELAY_MS },
};
fake.setFallback(replies.short);

const control = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://control');
  if (req.method === 'POST' && url.pathname === '/reply/steady') {
    const tokens = Number(url.searchParams.get('tokens'));
    const delayMs = Number(url.searchParams.get('delay'));
    const text = Array.from({ length: tokens }, (_, i) => words[i % words.length]).join(' ');
    fake.setFallback({ kind: 'reply', text, delayMs });
    res.writeHead(204).end();
    return;
  }
  const which = url.pathname.replace('/reply/', '') as keyof typeof replies;
  if (req.method !== 'POST' || !(which in replies)) {
    res.writeHead(404).end();
    return;
  }
  fake.setFallback(replies[which]);
  res.writeHead(204).end();
});
control.listen(Number(process.argv[3] ?? 0), '127.0.0.1', () => {
  process.stdout.write(`listening ${fake.url}\n`);
});
process.on('SIGTERM', () => {
  control.close();
  void fake.close().then(() => process.exit(0));
});
