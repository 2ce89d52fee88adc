import type { Redis } from 'ioredis';

/*
 * Fixed-window counters for limits that @fastify/rate-limit cannot express (per e-mail address,
 * counting only failures). In-process by default; shared through Redis when several app processes
 * run behind one load balancer.
 */

export interface Hit {
  count: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

export interface Limiter {
  /** Counts one event for `key` and returns the count in the current window. */
  hit(key: string, windowMs: number): Promise<Hit>;
  /** The current count without counting. */
  peek(key: string): Promise<Hit>;
  reset(key: string): Promise<void>;
}

export function memoryLimiter(now: () => number = Date.now): Limiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    async hit(key, windowMs) {
      // Drop expired windows now and then so the map cannot grow without bound.
      if (windows.size > 10_000) for (const k of [...windows.keys()]) live(k);
      const w = live(key) ?? { count: 0, resetAt: now() + windowMs };
      w.count += 1;
      windows.set(key, w);
      return { count: w.count, resetMs: w.resetAt - now() };
    },
    async peek(key) {
      const w = live(key);
      return w ? { count: w.count, resetMs: w.resetAt - now() } : { count: 0, resetMs: 0 };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export function redisLimiter(redis: Redis, prefix = 'pf:limit:'): Limiter {
  return {
    async hit(key, windowMs) {
      const k = prefix + key;
      const result = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
      const count = Number(result?.[0]?.[1] ?? 1);
      const ttl = Number(result?.[2]?.[1] ?? windowMs);
      return { count, resetMs: ttl > 0 ? ttl : windowMs };
    },
    async peek(key) {
      const k = prefix + key;
      const [count, ttl] = await Promise.all([redis.get(k), redis.pttl(k)]);
      return { count: Number(count ?? 0), resetMs: ttl > 0 ? ttl : 0 };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/** What a shared limiter's store is doing: sharing through Redis, or counting here while it is away. */
export type SharedState = 'ok' | 'unavailable';

/**
 * Limits shared through Redis that keep working without it: while Redis is not connected, or a
 * command fails, each instance counts on its own (warned once per outage) and goes back to sharing
 * when Redis is ready again. Commands never wait for a reconnection (the client's offline queue is
 * off), so an outage costs no request any time.
 */
export function fallbackLimiter(
  redis: Redis,
  log: { warn(obj: object, msg: string): void; info(msg: string): void },
): Limiter & { state(): SharedState } {
  const shared = redisLimiter(redis);
  const local = memoryLimiter();
  let degraded = false;
  const lose = (err: unknown) => {
    if (!degraded)
      log.warn({ err }, 'Redis unavailable: rate limits are counted per instance until it returns');
    degraded = true;
  };
  let everReady = false;
  redis.on('ready', () => {
    if (degraded) log.info('Redis is back: rate limits are shared again');
    degraded = false;
    everReady = true;
  });
  // The client reports a lost or refused connection as 'error' (and retries by itself).
  redis.on('error', lose);
  const use =
    <A extends unknown[], R>(op: (l: Limiter) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (redis.status === 'ready') {
        try {
          return await op(shared)(...args);
        } catch (err) {
          lose(err);
        }
      } else if (everReady) {
        // Gone since it was last ready: said now, whether or not the client has reported it yet.
        lose(new Error(`Redis is ${redis.status}`));
      }
      return op(local)(...args);
    };
  return {
    hit: use((l) => l.hit),
    peek: use((l) => l.peek),
    reset: use((l) => l.reset),
    state: () => (degraded || redis.status !== 'ready' ? 'unavailable' : 'ok'),
  };
}
