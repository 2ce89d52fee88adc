import fs from 'node:fs';
import http from 'node:http';
import { type RecordedResponse, answerKey } from './recorded';

/*
 * The ceiling: a bare node:http server answering each benchmarked request (method, URL and the
 * encodings it accepts) with the exact status, type, encoding and bytes the app answered. Whatever the app costs beyond this is framework,
 * validation, authentication, database and serialization.
 *   tsx bench/bare-server.ts <port> <responses.json>
 */
const [port = '0', file = ''] = process.argv.slice(2);
const recorded = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, RecordedResponse>;
const answers = new Map(
  Object.entries(recorded).map(([key, r]) => [key, { ...r, bytes: Buffer.from(r.body, 'base64') }]),
);

const server = http.createServer((req, res) => {
  const answer = answers.get(answerKey(req.method!, req.url!, req.headers['accept-encoding']));
  // Read the request body (a sign-in, a like) like the app has to, then answer.
  req.resume();
  req.on('end', () => {
    if (!answer) {
      if (req.url === '/__ready') return void res.writeHead(200).end();
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, {
      'content-type': answer.type,
      ...(answer.encoding ? { 'content-encoding': answer.encoding } : {}),
      'content-length': answer.bytes.length,
    });
    res.end(answer.bytes);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(port), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
