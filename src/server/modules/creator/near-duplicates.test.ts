import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPrompt, insertUser } from '../../../../tests/support/factories';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { versionHelpers } from '../../../../tests/support/versions';
import { RECHECK_QUEUE, recheckNearDuplicate } from './near-duplicates';
import { writeFlag } from './near-duplicates-repository';

/* The near-duplicate re-check of a published prompt's edited text (decision 066), on both engines. */

let t: TestApp;
const { call, signUp, signInAdmin, createPrompt, edit } = versionHelpers(() => t);

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000' } });
});
afterAll(() => t.close());

const ORIGINAL =
  'You are a patient maths tutor. Explain {{topic}} to a student aged {{age}} with one worked example, then ask two short questions to check they understood, and wait for the answers.';
const NEAR_COPY = ORIGINAL.replace('patient maths tutor', 'friendly maths teacher').replace(
  'two short questions',
  'three quick questions',
);
const OWN_TEXT =
  'Draft a polite reply to a customer who asks for a refund after the deadline: thank them, explain the policy in one sentence, and offer store credit instead.';

const flagOf = (id: string) =>
  t.database.db
    .selectFrom('prompts')
    .select(['duplicate_of', 'duplicate_similarity'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const recheckJobs = async (id: string) =>
  (await t.app.jobs.list({ queue: RECHECK_QUEUE, limit: 200 })).filter(
    (j) => (j.data as { promptId: string }).promptId === id,
  );

/** Waits until the prompt's re-checks have all run. */
const settled = (id: string) =>
  expect
    .poll(async () => (await recheckJobs(id)).filter((j) => j.state !== 'completed').length, {
      timeout: 15_000,
    })
    .toBe(0);

let tags = 0;
/** Another creator's listing, and a near copy of it that no other test's listing matches as well. */
async function listing() {
  const tag = ` Subject code ${++tags}${tags}${tags}.`;
  const other = await insertUser(t.database.db, { name: 'Tara Tutor' });
  const theirs = await insertPrompt(t.database.db, other.id, {
    content: ORIGINAL + tag,
    title: 'Maths tutor',
  });
  return { ...theirs, near: NEAR_COPY + tag };
}

describe('an edited published text is checked again', () => {
  it("flags a live prompt edited into a near copy of another's listing, and clears it when edited away", async () => {
    const theirs = await listing();
    const me = await signUp('Ed Editor');
    const mine = await createPrompt(me.token, { content: OWN_TEXT });
    expect(await flagOf(mine.id)).toEqual({ duplicate_of: null, duplicate_similarity: null });

    await edit(me.token, mine.id, { content: theirs.near, note: 'New task' });
    expect(await recheckJobs(mine.id)).toHaveLength(1);
    await settled(mine.id);
    const flag = await flagOf(mine.id);
    expect(flag.duplicate_of).toBe(theirs.id);
    expect(Number(flag.duplicate_similarity)).toBeGreaterThan(0.6);
    // The creator sees it in My Prompts, as after a publish.
    const list = (await call('GET', '/api/user/prompts', me.token)).json().data.prompts;
    expect(list.find((p: { id: string }) => p.id === mine.id).nearDuplicate).toMatchObject({
      id: theirs.id,
      title: 'Maths tutor',
    });

    await edit(me.token, mine.id, { content: OWN_TEXT, note: 'Back to refunds' });
    await settled(mine.id);
    expect(await flagOf(mine.id)).toEqual({ duplicate_of: null, duplicate_similarity: null });
  });

  it("queues a check for an admin's edit of the text, and none for a draft or an edit that keeps the text", async () => {
    const theirs = await listing();
    const me = await signUp('Ada Admin-edited');
    const mine = await createPrompt(me.token, { content: OWN_TEXT });
    await edit(me.token, mine.id, { title: 'A new title only' });
    const draft = await createPrompt(me.token, { content: OWN_TEXT, status: 'draft' });
    await edit(me.token, draft.id, { content: theirs.near });
    expect(await recheckJobs(mine.id)).toHaveLength(0);
    expect(await recheckJobs(draft.id)).toHaveLength(0);

    const admin = await signInAdmin();
    const res = await call('PUT', `/api/admin/prompts/${mine.id}`, admin.token, {
      title: 'Admin edited',
      description: 'Edited by an admin.',
      content: theirs.near,
      category: 'education',
    });
    expect(res.statusCode, res.body).toBe(200);
    await settled(mine.id);
    expect((await flagOf(mine.id)).duplicate_of).toBe(theirs.id);
  });

  it('writes no flag for a text that changed after the check read it, nor for a prompt taken off the marketplace', async () => {
    const theirs = await listing();
    const me = await insertUser(t.database.db);
    const live = await insertPrompt(t.database.db, me.id, { content: OWN_TEXT });
    // The check compared NEAR_COPY, but the prompt's text is OWN_TEXT by the time it writes.
    await writeFlag(t.database.db, live.id, theirs.near, {
      duplicate_of: theirs.id,
      duplicate_similarity: 0.8,
    });
    expect((await flagOf(live.id)).duplicate_of).toBeNull();
    const draft = await insertPrompt(t.database.db, me.id, { content: theirs.near, status: 'draft' });
    await recheckNearDuplicate({ db: t.database.db, engine: t.database.engine }, draft.id);
    expect((await flagOf(draft.id)).duplicate_of).toBeNull();
  });
});
