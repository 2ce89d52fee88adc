import http from 'node:http';
import { createAnthropic } from '@ai-sdk/anthropic';
import { startModelStream } from '../src/server/integrations/ai/model-stream';

/*
 * The floor of scenario 7: the least a server can do to relay a chat reply through the app's
 * Anthropic model. A bare node:http server that reads the request, calls the same official adapter
 * the way the app does (its doStream, through startModelStream, against the same fake provider) and
 * writes its tokens as server-sent events, the first at once and later ones gathered like the app's
 * (TOKEN_BATCH_MS). No framework, no authentication, no database, no allowance. The time it adds to
 * the provider's first token is what the model, Node's HTTP client and server and the extra hop cost
 * on this machine; the app's added time beyond it is Promptforge's own.
 *   tsx bench/relay-floor.ts <port> <provider base URL>
 */

const [port = '0', baseURL = ''] = process.argv.slice(2);
const model = createAnthropic({ apiKey: 'bench', baseURL })('claude-bench');
const BATCH_MS = 50;
const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const server = http.createServer((req, res) => {
  if (req.url === '/__ready') return void res.writeHead(200).end();
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (c: string) => (body += c));
  req.on('end', () => {
    void (async () => {
      const { message } = JSON.parse(body) as { message: string };
      const stream = await startModelStream(model, {
        system: '',
        messages: [{ role: 'user', content: message }],
        maxOutputTokens: 1024,
        maxRetries: 2,
        abortSignal: new AbortController().signal,
      });
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
      let pending = '';
      let timer: NodeJS.Timeout | null = null;
      let first = true;
      const flush = () => {
        timer = null;
        if (pending) res.write(pending);
        pending = '';
      };
      for await (const part of stream) {
        if (part.type !== 'text-delta') continue;
        const event = sse('token', { text: part.delta });
        if (first) {
          first = false;
          res.write(event);
        } else {
          pending += event;
          timer ??= setTimeout(flush, BATCH_MS);
        }
      }
      if (timer) clearTimeout(timer);
      flush();
      res.end(sse('done', {}));
    })().catch((err: unknown) => {
      res.destroy(err as Error);
    });
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(port), '127.0.0.1', () => process.stdout.write(`listening ${port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
