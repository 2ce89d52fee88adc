import { startFakeAi } from '../tests/support/fake-ai';

/*
 * The fake Anthropic/OpenAI provider of the test suite, as a process of its own, for the streaming
 * benchmark: every request streams the same fixed reply.
 *   tsx bench/fake-provider.ts <port>
 */
const fake = await startFakeAi(Number(process.argv[2] ?? 0));
// A dozen tokens 5 ms apart: a reply lasts about 60 ms, so the workers' streams overlap.
fake.setFallback({
  kind: 'reply',
  text: 'A fixed reply of a dozen words, streamed token by token for the benchmark.',
  delayMs: 5,
});
process.stdout.write(`listening ${fake.url}\n`);
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
