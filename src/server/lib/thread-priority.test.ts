import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The priority is per process, so it is read in a process of its own rather than in the test runner.
const CHILD = `
import fs from 'node:fs';
const { lowerHelperThreadPriority } = await import(${JSON.stringify(path.resolve('src/server/lib/thread-priority.ts'))});
const nices = () =>
  Object.fromEntries(
    fs.readdirSync('/proc/self/task').map((tid) => {
      const stat = fs.readFileSync('/proc/self/task/' + tid + '/stat', 'utf8');
      // Fields after the command's closing parenthesis: state is the 3rd field, nice the 19th.
      return [tid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
    }),
  );
const before = nices();
const lowered = lowerHelperThreadPriority();
console.log(JSON.stringify({ pid: process.pid, before, lowered, after: nices() }));
`;

describe.runIf(process.platform === 'linux')('lowerHelperThreadPriority', () => {
  it('lowers every thread but the event loop to nice 10 and leaves the event loop as it was', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', CHILD], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    const { pid, before, lowered, after } = JSON.parse(run.stdout) as {
      pid: number;
      before: Record<string, number>;
      lowered: number;
      after: Record<string, number>;
    };
    const helpers = Object.keys(before).filter((tid) => Number(tid) !== pid);
    // At least V8's platform threads (four by default) run beside the event loop.
    expect(helpers.length).toBeGreaterThanOrEqual(4);
    expect(lowered).toBe(helpers.length);
    expect(after[String(pid)]).toBe(before[String(pid)]);
    for (const tid of helpers) expect(after[tid], `thread ${tid}`).toBe(10);
  });
});
