import type { FastifyBaseLogger } from 'fastify';

/*
 * Work a request starts but its answer must not wait for, or show: the answer is written first, and
 * the work runs on a later turn of the event loop. A failure is logged, never seen by the client.
 * The server waits for work still running before it closes the database (within a bound).
 */

export interface BackgroundTasks {
  /** Runs `task` once the current request's answer has been written. */
  later(name: string, task: () => Promise<void>): void;
  /** Waits for the tasks running now, at most `timeoutMs`; resolves to how many are left unfinished. */
  settle(timeoutMs: number): Promise<number>;
}

export function createBackgroundTasks(log: Pick<FastifyBaseLogger, 'error' | 'warn'>): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    later(name, task) {
      // setImmediate runs after the microtasks in which the route's answer is serialized and written.
      const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => log.error({ err, task: name }, `${name} failed`))
        .finally(() => running.delete(run));
      running.add(run);
    },
    async settle(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<'timeout'>((resolve) => (timer = setTimeout(resolve, timeoutMs, 'timeout')));
      // Tasks may start others while they finish: wait until none is left, or the bound passes.
      while (running.size > 0) {
        if ((await Promise.race([Promise.allSettled([...running]), bound])) === 'timeout') break;
      }
      clearTimeout(timer);
      if (running.size > 0)
        log.warn(
          { unfinished: running.size },
          'closing with background work unfinished (e.g. mails not sent)',
        );
      return running.size;
    },
  };
}
