import { describe, expect, it, vi } from 'vitest';
import { createBackgroundTasks } from './background';

const logger = () => ({ error: vi.fn(), warn: vi.fn() });

describe('background tasks', () => {
  it('start only after the code that queued them, and its promise callbacks, have run', async () => {
    const steps: string[] = [];
    const tasks = createBackgroundTasks(logger());
    tasks.later('task', async () => void steps.push('task'));
    steps.push('after later');
    await Promise.resolve();
    steps.push('microtask');
    expect(await tasks.settle(1000)).toBe(0);
    expect(steps).toEqual(['after later', 'microtask', 'task']);
  });

  it('log a failure instead of throwing it', async () => {
    const log = logger();
    const tasks = createBackgroundTasks(log);
    const err = new Error('smtp down');
    tasks.later('reset mail', () => Promise.reject(err));
    expect(await tasks.settle(1000)).toBe(0);
    expect(log.error).toHaveBeenCalledWith({ err, task: 'reset mail' }, 'reset mail failed');
  });

  it('wait for tasks queued while others finish', async () => {
    const tasks = createBackgroundTasks(logger());
    const done: string[] = [];
    tasks.later('first', async () => {
      done.push('first');
      tasks.later('second', async () => void done.push('second'));
    });
    await tasks.settle(1000);
    expect(done).toEqual(['first', 'second']);
  });

  it('stop waiting at the bound and say how many are unfinished', async () => {
    const log = logger();
    const tasks = createBackgroundTasks(log);
    tasks.later('stuck', () => new Promise<void>(() => {}));
    expect(await tasks.settle(20)).toBe(1);
    expect(log.warn).toHaveBeenCalledWith(
      { unfinished: 1 },
      'closing with background work unfinished (e.g. mails not sent)',
    );
  });
});
