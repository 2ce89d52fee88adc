import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The start-up session check (spec sections 4 and 5): which failures end the stored session and
 * which keep it for the next visit. The network (fetch) and the browser's storage are the
 * boundaries replaced here; the pages around the check are tested in the browser (tests/e2e).
 */

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const adminToken = `${base64url({ alg: 'HS256' })}.${base64url({ exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

const storage = new Map<string, string>();

function answer(make: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => make()),
  );
}

/** The check's outcome, with its retries' waits run at once. */
async function restore() {
  const { restoreSession } = await import('./auth');
  const outcome = restoreSession();
  await vi.runAllTimersAsync();
  return outcome;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  storage.clear();
  storage.set('adminToken', adminToken);
  storage.set('role', 'admin');
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, String(value)),
    removeItem: (key: string) => storage.delete(key),
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.doUnmock('@shared/auth');
  vi.resetModules();
});

describe('restoring a stored session', () => {
  it('ends it when the server refuses the token (401): the session has expired', async () => {
    answer(() => new Response(JSON.stringify({ success: false, message: 'Unauthorized' }), { status: 401 }));
    await expect(restore()).resolves.toEqual({ status: 'unauthenticated', reason: 'expired' });
    expect([...storage.keys()]).toEqual([]);
  });

  it('ends it when the answer is not a user', async () => {
    answer(() => new Response(JSON.stringify({ success: true, data: { user: { id: 7 } } })));
    await expect(restore()).resolves.toEqual({ status: 'unauthenticated', reason: 'expired' });
    expect([...storage.keys()]).toEqual([]);
  });

  it('keeps it when the answer is cut off after its headers, as when the page is left mid-check', async () => {
    // What the browser does to a page's pending reads as it leaves it: the body fails.
    answer(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.error(new TypeError('network error'));
            },
          }),
          { status: 200 },
        ),
    );
    await expect(restore()).resolves.toEqual({ status: 'unauthenticated', reason: null, keepStorage: true });
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(3);
    expect(storage.get('adminToken')).toBe(adminToken);
    expect(storage.get('role')).toBe('admin');
  });

  it("keeps it when the app's own code for the check fails to load", async () => {
    vi.resetModules();
    vi.doMock('@shared/auth', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    answer(() => new Response(JSON.stringify({ success: true, data: { user: null } })));
    await expect(restore()).resolves.toEqual({ status: 'unauthenticated', reason: null, keepStorage: true });
    expect(storage.get('adminToken')).toBe(adminToken);
  });
});
