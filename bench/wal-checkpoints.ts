/**
 * What SQLite's WAL checkpoints cost the event loop, with them in the app's commits (SQLite's
 * default) and on a thread of their own (decision 026), alternated in one process.
 *
 *   npx tsx bench/wal-checkpoints.ts [--seconds 15] [--rounds 3] [--rate 50] [--every 250,1000]
 *
 * Each run writes `rate` small transactions a second (a like's: a row inserted, a counter moved
 * on a 1 KB row among 100 000, a daily figure upserted) to a fresh file database for `seconds`, and
 * measures each COMMIT and the event loop's delay (perf_hooks, 1 ms resolution) meanwhile.
 * Prints, per run, commits over 5 ms, the commits' p99 and maximum, the loop delay's p99 and
 * maximum, the WAL's size at the end and the CPU the process used (every thread's) a second.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { checkpointInBackground } from '../src/server/db/checkpoints';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    rounds: { type: 'string', default: '3' },
    rate: { type: 'string', default: '50' },
    every: { type: 'string', default: '250,1000' },
  },
});
const SECONDS = Number(args.seconds);
const RATE = Number(args.rate);
const ROWS = 100_000;
/** The thread's intervals to compare with checkpoints in the commits. */
const EVERY = args.every.split(',').map(Number);

function makeDatabase(file: string) {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`create table items (id integer primary key, n integer not null, body text not null);
    create table events (id integer primary key, item integer not null, at text not null);
    create index events_item on events (item);
    create table daily (item integer, day text, n integer, primary key (item, day));`);
  const insert = db.prepare('insert into items (id, n, body) values (?, 0, ?)');
  const body = 'x'.repeat(1000);
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) insert.run(i, body);
  })();
  db.pragma('wal_checkpoint(truncate)');
  db.close();
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function run(file: string, everyMs: number | null) {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const checkpoints = everyMs === null ? null : checkpointInBackground(db, file, { everyMs });
  const begin = db.prepare('begin');
  const commit = db.prepare('commit');
  const event = db.prepare('insert into events (item, at) values (?, ?)');
  const bump = db.prepare('update items set n = n + 1 where id = ?');
  const daily = db.prepare(
    'insert into daily (item, day, n) values (?, ?, 1) on conflict (item, day) do update set n = n + 1',
  );
  const commits: number[] = [];
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const started = performance.now();
  let cpu = process.cpuUsage();
  // The first second warms up (the first commit creates the WAL): measured from the second one.
  for (let i = 0; performance.now() - started < (SECONDS + 1) * 1000; i++) {
    if (i === RATE) {
      delay.enable();
      cpu = process.cpuUsage();
    }
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const item = Math.floor(Math.random() * ROWS);
    begin.run();
    event.run(item, new Date().toISOString());
    bump.run(item);
    daily.run(item, new Date().toISOString().slice(0, 10));
    const t0 = performance.now();
    commit.run();
    if (i >= RATE) commits.push(performance.now() - t0);
  }
  delay.disable();
  // The process's, every thread's: the checkpoint thread's work counts too.
  const used = process.cpuUsage(cpu);
  await checkpoints?.stop();
  const walMb = fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size / 2 ** 20 : 0;
  db.close();
  commits.sort((a, b) => a - b);
  return {
    mode: everyMs === null ? 'in commit' : `thread ${everyMs} ms`,
    commits: commits.length,
    over5ms: commits.filter((c) => c > 5).length,
    commitP99: percentile(commits, 0.99),
    commitMax: commits[commits.length - 1]!,
    loopP99: delay.percentile(99) / 1e6,
    loopMax: delay.max / 1e6,
    walMb,
    cpuMsPerSecond: (used.user + used.system) / 1000 / SECONDS,
  };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-wal-bench-'));
const template = path.join(dir, 'template.db');
try {
  makeDatabase(template);
  console.log(`${RATE} transactions a second for ${SECONDS} s on ${ROWS} rows, alternated:`);
  console.log(
    'mode             commits  >5 ms  commit p99 / max ms   loop delay p99 / max ms   WAL MB at end   CPU ms/s',
  );
  for (let round = 0; round < Number(args.rounds); round++) {
    for (const everyMs of [null, ...EVERY]) {
      const file = path.join(dir, `run-${round}-${everyMs}.db`);
      fs.copyFileSync(template, file);
      const r = await run(file, everyMs);
      console.log(
        `${r.mode.padEnd(16)} ${String(r.commits).padStart(7)} ${String(r.over5ms).padStart(6)}` +
          `   ${r.commitP99.toFixed(2).padStart(8)} / ${r.commitMax.toFixed(1).padStart(6)}` +
          `        ${r.loopP99.toFixed(1).padStart(8)} / ${r.loopMax.toFixed(1).padStart(6)}` +
          `        ${r.walMb.toFixed(1).padStart(6)}   ${r.cpuMsPerSecond.toFixed(1).padStart(8)}`,
      );
      fs.rmSync(file, { force: true });
      fs.rmSync(`${file}-wal`, { force: true });
      fs.rmSync(`${file}-shm`, { force: true });
    }
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
