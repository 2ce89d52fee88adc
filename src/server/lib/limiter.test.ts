import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { type Limiter, memoryLimiter, redisLimiter } from './limiter';

/* The same contract in process and through Redis (when TEST_REDIS_URL is set; .ci/run sets it). */

const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : null;
afterAll(async () => {
  await redis?.quit();
});

const kinds: [string, () => Limiter][] = [['memory', () => memoryLimiter()]];
if (redis) kinds.push(['redis', () => redisLimiter(redis, `pf:test:${process.pid}:${Date.now()}:`)]);

describe.each(kinds)('%s limiter', (_name, make) => {
  it('counts hits per key within the window', async () => {
    const limiter = make();
    expect((await limiter.hit('a', 60_000)).count).toBe(1);
    expect((await limiter.hit('a', 60_000)).count).toBe(2);
    const third = await limiter.hit('a', 60_000);
    expect(third.count).toBe(3);
    expect(third.resetMs).toBeGreaterThan(55_000);
    expect(third.resetMs).toBeLessThanOrEqual(60_000);
    expect((await limiter.hit('b', 60_000)).count).toBe(1);
    expect((await limiter.peek('a')).count).toBe(3);
    expect((await limiter.peek('a')).count).toBe(3);
  });

  it('starts again after the window and after a reset', async () => {
    const limiter = make();
    await limiter.hit('short', 50);
    await limiter.hit('short', 50);
    await new Promise((r) => setTimeout(r, 80));
    expect((await limiter.peek('short')).count).toBe(0);
    expect((await limiter.hit('short', 50)).count).toBe(1);
    await limiter.hit('r', 60_000);
    await limiter.reset('r');
    expect((await limiter.peek('r')).count).toBe(0);
  });
});

if (redis) {
  it('shares counts between two app processes through Redis', async () => {
    const prefix = `pf:test:shared:${process.pid}:${Date.now()}:`;
    const other = new Redis(redisUrl!);
    const a = redisLimiter(redis, prefix);
    const b = redisLimiter(other, prefix);
    await a.hit('login:x', 60_000);
    await b.hit('login:x', 60_000);
    expect((await a.peek('login:x')).count).toBe(2);
    await other.quit();
  });
}
