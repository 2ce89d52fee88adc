import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/*
 * `npm start`: builds the web app when the build is missing or older than its sources, then runs the
 * server in this process (so SIGTERM reaches it directly).
 */

const webSrc = path.resolve('src/web');
const sharedSrc = path.resolve('src/shared');
// The browser's build, and the server's rendering of the public pages (decision 019) made after it.
const built = path.resolve('dist/web-ssr/entry-server.js');
const buildInputs = ['vite.config.ts', 'package-lock.json'].map((f) => path.resolve(f));

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const builtAt = fs.statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const sourcesAt = Math.max(newestMtime(webSrc), newestMtime(sharedSrc), ...buildInputs.map(newestMtime));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'The web app changed since its last build: building it.' : 'Building the web app.');
  for (const args of [['build'], ['build', '--ssr']]) {
    const result = spawnSync('npx', ['vite', ...args, '--logLevel', 'warn'], { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

await import('../src/server/main');
