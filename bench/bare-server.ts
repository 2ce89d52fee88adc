import fs from 'node:fs';
import http from 'node:http';

/*
 * The ceiling: a bare node:http server answering each benchmarked URL with the exact bytes the app
 * answered. Whatever the app costs beyond this is framework, validation, database and serialization.
 *   tsx bench/bare-server.ts <port> <responses.json>
 */
const [port = '0', file = ''] = process.argv.slice(2);
const responses = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
const bodies = new Map(Object.entries(responses).map(([url, body]) => [url, Buffer.from(body)]));

const server = http.createServer((req, res) => {
  const body = bodies.get(req.url ?? '');
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.listen(Number(port), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
