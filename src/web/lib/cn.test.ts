import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn, prepareClassNames } from './cn';
import { nextTask } from './next-task';

/** Class lists where a later class overrides an earlier one, or nothing conflicts, as the app writes them. */
const CASES: [string, ...(string | false | undefined)[]][] = [
  ['inline-flex h-9 px-4 py-2', 'inline-flex h-9 px-4 py-2', 'h-8 px-3'],
  ['size-7 shrink-0', 'size-7 shrink-0', undefined],
  ['grid gap-6 sm:grid-cols-2', 'grid gap-6 sm:grid-cols-2', false],
  ['rounded-md bg-muted text-sm', 'rounded-md bg-muted', 'text-sm bg-primary/10'],
  ['hover:bg-accent p-2', 'hover:bg-accent px-3', 'p-2'],
];

describe('cn', () => {
  it('merges as tailwind-merge does, before and after its tables are prepared', async () => {
    // Before prepareClassNames: the first call builds the tables itself.
    expect(cn('px-2', 'px-3')).toBe('px-3');
    await prepareClassNames(nextTask);
    for (const [, ...inputs] of CASES) expect(cn(...inputs)).toBe(twMerge(...inputs));
    expect(cn('inline-flex h-9 px-4 py-2', 'h-8 px-3')).toBe('inline-flex py-2 h-8 px-3');
    expect(cn('rounded-md bg-muted', 'text-sm bg-primary/10')).toBe('rounded-md text-sm bg-primary/10');
    expect(cn('size-7 shrink-0', undefined, false)).toBe('size-7 shrink-0');
  });

  it('prepares its tables in two tasks, and merges while they are being prepared', async () => {
    const tasks: (() => void)[] = [];
    const prepared = prepareClassNames(() => new Promise<void>((resolve) => tasks.push(resolve)));
    for (let task = 0; task < 2; task++) {
      await Promise.resolve();
      expect(tasks).toHaveLength(1);
      expect(cn('p-4', 'p-2')).toBe('p-2');
      tasks.shift()!();
    }
    await prepared;
    expect(tasks).toHaveLength(0);
    expect(cn('text-sm', 'text-lg')).toBe('text-lg');
  });
});
