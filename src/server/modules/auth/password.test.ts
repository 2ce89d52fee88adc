import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

/** The nice values of this process's threads (field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNiceValues(): number[] {
  return fs.readdirSync('/proc/self/task').map((tid) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('password hashing', () => {
  it('hashes with argon2id and verifies the right password only', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse batterY')).toBe(false);
    expect(await verifyPassword('not a hash', 'correct horse battery')).toBe(false);
  });

  it('answers several at once', async () => {
    const hashes = await Promise.all(['one-password', 'two-password', 'three-password'].map(hashPassword));
    const checks = await Promise.all(
      hashes.map((h, i) => verifyPassword(h, ['one', 'two', 'three'][i] + '-password')),
    );
    expect(checks).toEqual([true, true, true]);
  });

  it.runIf(process.platform === 'linux')(
    'runs on threads of lower priority than the event loop',
    async () => {
      await hashPassword('correct horse battery');
      expect(threadNiceValues()).toContain(10);
      // The event loop's own thread keeps its priority.
      const main = fs.readFileSync('/proc/thread-self/stat', 'utf8');
      expect(Number(main.slice(main.lastIndexOf(')') + 2).split(' ')[16])).toBe(0);
    },
  );
});
