import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHelpers } from '../../support/api';
import { NUL_MESSAGE } from '../../../src/server/plugins/app/errors';
import { HIDDEN_CHARACTERS } from '../../support/hidden-characters';
import { type TestApp, createTestApp } from '../../support/test-app';

/*
 * Names and titles that others read refuse characters that hide or reorder text (src/shared/text.ts)
 * with the spec's VALIDATION_ERROR and a message naming the field, and are stored composed (NFC).
 * Lone surrogates travel as JSON escapes ("\ud800"), as a client would send them.
 */

let t: TestApp;
const { call, signUp, signInAdmin } = apiHelpers(() => t);
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '1000' } });
});
afterAll(() => t.close());

const KINDS = Object.entries(HIDDEN_CHARACTERS);
let n = 0;

/** NUL is refused in every request before its schema runs (plugins/app/errors.ts), with its own message. */
const refusal = (bad: string, label: string) =>
  bad === '\u0000' ? NUL_MESSAGE : `${label} contains characters that are not allowed`;

function expectRefused(res: Awaited<ReturnType<typeof call>>, field: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
  expect(res.json().details).toContainEqual({ field, message });
}

describe('registering', () => {
  const register = (name: string) =>
    call('POST', '/api/auth/register', undefined, {
      name,
      email: `hidden${n++}@example.test`,
      password: 'user-pass-123',
    });

  it.each(KINDS)('refuses a full name with %s', async (_kind, bad) => {
    expectRefused(await register(`Ada${bad}Lovelace`), 'name', refusal(bad, 'Full name'));
  });

  it('stores the name composed, and keeps emoji sequences', async () => {
    const res = await register('Rene\u0301e 👩\u200D💻');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.user.name).toBe('Ren\u00E9e 👩\u200D💻');
  });
});

describe('creating a prompt', () => {
  const prompt = (title: string) => ({
    title,
    description: 'Writes a clear weekly status update.',
    content: 'Write a weekly status update about {{project}}.',
    category: 'writing',
  });

  it.each(KINDS)('refuses a title with %s', async (_kind, bad) => {
    const creator = await signUp();
    expectRefused(
      await call('POST', '/api/user/prompts', creator.token, prompt(`Weekly${bad}Update`)),
      'title',
      refusal(bad, 'Title'),
    );
  });

  it('refuses a hidden character in the description and the tags, and keeps line breaks', async () => {
    const creator = await signUp();
    const description = {
      ...prompt('Weekly Update'),
      description: 'Writes a clear\nweekly update\u202E.',
    };
    expectRefused(
      await call('POST', '/api/user/prompts', creator.token, description),
      'description',
      'Description contains characters that are not allowed',
    );
    const tags = { ...prompt('Weekly Update'), tags: 'status, wee\u200Bkly' };
    expectRefused(
      await call('POST', '/api/user/prompts', creator.token, tags),
      'tags.1',
      'Tags contains characters that are not allowed',
    );
    const fine = { ...prompt('Cafe\u0301 menu'), description: 'Writes a clear\nweekly update.' };
    const res = await call('POST', '/api/user/prompts', creator.token, fine);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.prompt).toMatchObject({
      title: 'Caf\u00E9 menu',
      description: 'Writes a clear\nweekly update.',
    });
  });
});

describe('every other name and title', () => {
  const override = '\u202E';

  it('refuses them in settings, the admin panel and Contact Sales', async () => {
    const user = await signUp();
    const admin = await signInAdmin();
    const cases: [string, string, string | undefined, object, string, string][] = [
      ['PUT', '/api/user/settings', user.token, { name: `Ada${override}` }, 'name', 'Full name'],
      [
        'POST',
        '/api/admin/users',
        admin.token,
        { name: `Ada${override}`, email: 'added@example.test' },
        'name',
        'Full name',
      ],
      [
        'PUT',
        '/api/admin/settings',
        admin.token,
        { profile: { name: `Ada${override}`, email: admin.email } },
        'profile.name',
        'Full name',
      ],
      [
        'POST',
        '/api/admin/prompts',
        admin.token,
        {
          title: `Board${override}Update`,
          description: 'Drafts a crisp board update.',
          content: 'Write a board update covering results.',
          category: 'business',
        },
        'title',
        'Title',
      ],
      [
        'POST',
        '/api/admin/plans',
        admin.token,
        { name: `Studio${override}`, description: 'For small studios.', price: { monthly: 29 } },
        'name',
        'Plan name',
      ],
      [
        'POST',
        '/api/contact',
        undefined,
        { name: `Ada${override}`, email: 'ada@example.test', message: 'Hello there' },
        'name',
        'Full name',
      ],
    ];
    for (const [method, url, token, body, field, label] of cases) {
      const res = await call(method as 'POST', url, token, body);
      expectRefused(res, field, `${label} contains characters that are not allowed`);
    }
  });
});
