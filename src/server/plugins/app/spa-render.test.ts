import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGING } from '../../../shared/constants';
import { insertPrompt, insertUser } from '../../../../tests/support/factories';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { startAfterPaint } from './spa-render';

/*
 * The server's side of page rendering (decision 019), with a stand-in for the built
 * entry-server.js: which pages are rendered, what the answer holds, that each page is rendered once
 * per build, and that a failed render still answers with the page. tests/e2e/server-rendering.spec.ts
 * covers the real render and the browser taking it over.
 */

const INDEX = [
  '<!doctype html><html><head>',
  '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/react-2.js">',
  '    <link rel="stylesheet" crossorigin href="/assets/web-3.css">',
  '  </head><body><div id="root"></div></body></html>',
].join('\n');

// Counts its renders per URL in a file (the module runs in this process, so a global would do too, but
// a file also says which URLs reached it). `/terms` fails, `/privacy` redirects, `/features` shows
// what it was told of the site. A page given data
// shows its titles (a prompt's, or the marketplace's or home page's cards, and the home page's users).
const ENTRY = `
import fs from 'node:fs';
export async function render(url, signal, data, site) {
  fs.appendFileSync(process.env.PF_RENDER_LOG, url + '\\n');
  if (url === '/terms') throw new Error('render failed');
  if (url === '/features') return '<main>' + (site && site.https ? 'Encrypted' : 'Plain') + ', ' + site.payments + '</main>';
  if (url === '/privacy') return null;
  const long = url === '/about' ? '<p>' + 'About us. '.repeat(200) + '</p>' : '';
  const escape = (text) => text.replace(/</g, '&lt;');
  const titles = (list) => '[' + list.prompts.map((p) => escape(p.title)).join(', ') + ']';
  const title = !data
    ? ''
    : data.list
      ? ' listing ' + titles(data.list)
      : 'stats' in data
        ? ' showing ' + titles(data.prompts) + ' to ' + data.stats.users + ' users'
        : ' for ' + escape(data.prompt.title) + ' with ' + (data.reviews ? data.reviews.reviews.length : '-') + ' reviews';
  return '<main><h1>Rendered ' + url + title + ' $&amp;</h1>' + long + '</main>';
}
`;

describe('rendering public pages on the server', () => {
  let t: TestApp;
  const lines: string[] = [];
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-web-'));
  const ssrRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-web-ssr-'));
  const renderLog = path.join(ssrRoot, 'renders.log');
  const rendered = () => fs.readFileSync(renderLog, 'utf8').trim().split('\n');
  /** An API answer's data, as the browser would read it. */
  const api = async (url: string) => (await t.app.inject({ method: 'GET', url })).json().data as unknown;
  /** The data block a rendered page carries for the browser to start from. */
  const pageData = (body: string): unknown =>
    JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(body)![1]!);

  beforeAll(async () => {
    fs.writeFileSync(path.join(webRoot, 'index.html'), INDEX);
    fs.mkdirSync(path.join(webRoot, '.vite'));
    fs.writeFileSync(
      path.join(webRoot, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
        '_react.js': { file: 'assets/react-2.js' },
        'features/marketplace/pages/marketplace-page.tsx': {
          file: 'assets/page-9.js',
          imports: ['_react.js'],
        },
      }),
    );
    fs.writeFileSync(path.join(ssrRoot, 'entry-server.js'), ENTRY);
    fs.writeFileSync(renderLog, '');
    process.env.PF_RENDER_LOG = renderLog;
    t = await createTestApp({
      webRoot,
      webSsrRoot: ssrRoot,
      env: { LOG_LEVEL: 'warn' },
      logStream: { write: (line) => lines.push(line) },
    });
  });
  afterAll(() => t.close());

  it("puts the page's markup in #root and hands its scripts, the page's own among them, to start-app.js", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/marketplace' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(
      '<div id="root"><main><h1>Rendered /marketplace listing [] $&amp;</h1></main></div>',
    );
    // The entry and every module to preload go to start-app.js; the stylesheet stays.
    expect(res.body).not.toContain('type="module"');
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(res.body).toContain(
      '<script src="/start-app.js" async data-entry="/assets/index-1.js" data-preload="/assets/page-9.js /assets/react-2.js"></script>',
    );
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/web-3.css">');
    expect(res.headers.link).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("draws every page with the site's facts and hands the same facts to the browser", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/features' });
    expect(res.body).toContain('<div id="root"><main>Plain, test</main></div>');
    const block = /<script type="application\/json" id="site-config">(.*?)<\/script>/.exec(res.body)![1]!;
    expect(JSON.parse(block)).toEqual(await api('/api/site/config'));
    // A page with data of its own carries both.
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain('id="page-data"');
    expect(home.body).toContain('id="site-config"');
  });

  it('renders each page once and revalidates it with its own ETag', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/about' });
    const again = await t.app.inject({ method: 'GET', url: '/about' });
    expect(again.body).toBe(first.body);
    expect(rendered().filter((url) => url === '/about')).toHaveLength(1);
    const etag = first.headers.etag as string;
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.headers.etag).not.toBe(etag);
    const notModified = await t.app.inject({
      method: 'GET',
      url: '/about',
      headers: { 'if-none-match': etag },
    });
    expect(notModified.statusCode).toBe(304);
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/about',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
  });

  it('renders one frame, with status 404, for every address that names no prompt (the app says so)', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/marketplace/first-prompt' });
    const second = await t.app.inject({ method: 'GET', url: '/marketplace/second-prompt/' });
    expect(second.body).toBe(first.body);
    expect([first.statusCode, second.statusCode]).toEqual([404, 404]);
    expect(first.body).toContain('<h1>Rendered /marketplace/first-prompt $&amp;</h1>');
    // One the API's parameter rules refuse is missing too.
    const tooLong = await t.app.inject({ method: 'GET', url: `/marketplace/${'x'.repeat(300)}` });
    expect(tooLong.statusCode).toBe(404);
    expect(rendered().filter((url) => url.startsWith('/marketplace/'))).toEqual([
      '/marketplace/first-prompt',
    ]);
    const nested = await t.app.inject({ method: 'GET', url: '/marketplace/a/b' });
    expect(nested.statusCode).toBe(404);
    expect(nested.body).toBe(INDEX);
  });

  it("renders a prompt's page with the prompt and its first reviews, counts no view, and renders it again when it changes", async () => {
    const db = t.database.db;
    const author = await insertUser(db, { name: 'Rhea Renders' });
    const prompt = await insertPrompt(db, author.id, { title: 'Rendered Prompt', slug: 'rendered-prompt' });
    const url = '/marketplace/rendered-prompt';
    const views = async () =>
      (
        await db
          .selectFrom('prompts')
          .select('views_count')
          .where('id', '=', prompt.id)
          .executeTakeFirstOrThrow()
      ).views_count;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(
      '<h1>Rendered /marketplace/rendered-prompt for Rendered Prompt with 0 reviews $&amp;</h1>',
    );
    // By id too, and once per address while the prompt is unchanged.
    expect((await t.app.inject({ method: 'GET', url: `/marketplace/${prompt.id}` })).body).toContain(
      'for Rendered Prompt',
    );
    expect((await t.app.inject({ method: 'GET', url })).body).toBe(first.body);
    expect(rendered().filter((line) => line === url)).toHaveLength(1);

    await t.app.deferredWrites.flush();
    expect(await views()).toBe(0);
    // The data the browser starts from: the API's own anonymous answers, the prompt (whose request
    // counts the view) and the first page of its reviews, as the browser asks for them.
    expect(pageData(first.body)).toEqual({
      prompt: await api(`/api/marketplace/prompts/${prompt.id}`),
      reviews: await api(`/api/marketplace/prompts/${prompt.id}/reviews?page=1&limit=${PAGING.reviews}`),
    });
    await t.app.deferredWrites.flush();
    expect(await views()).toBe(1);

    // A new review (written straight to the table: what matters is that the catalogue moved) is in
    // the page's next render.
    const reviewer = await insertUser(db, { name: 'Rita Reviews' });
    const now = new Date().toISOString();
    await db
      .insertInto('prompt_reviews')
      .values({
        id: crypto.randomUUID(),
        prompt_id: prompt.id,
        user_id: reviewer.id,
        rating: 4,
        body: 'Solid.',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const reviewed = await t.app.inject({ method: 'GET', url });
    expect(reviewed.body).toContain('for Rendered Prompt with 1 reviews');
    const data = pageData(reviewed.body) as {
      reviews: { reviews: { body: string; author: { name: string } }[] };
    };
    expect(data.reviews.reviews.map((r) => [r.author.name, r.body])).toEqual([['Rita Reviews', 'Solid.']]);
    expect(data).toEqual({
      prompt: await api(`/api/marketplace/prompts/${prompt.id}`),
      reviews: await api(`/api/marketplace/prompts/${prompt.id}/reviews?page=1&limit=${PAGING.reviews}`),
    });

    // Text that could close the data block is escaped in it; the changed prompt is rendered again.
    await db
      .updateTable('prompts')
      .set({ title: 'Renamed </script><script>alert(1)</script>' })
      .where('id', '=', prompt.id)
      .execute();
    const changed = await t.app.inject({ method: 'GET', url });
    expect(changed.body).toContain(
      'for Renamed &lt;/script>&lt;script>alert(1)&lt;/script> with 1 reviews $&amp;',
    );
    expect(changed.body).not.toContain('<script>alert(1)');
    expect(changed.body).toContain('"title":"Renamed \\u003c/script>\\u003cscript>alert(1)\\u003c/script>"');
    expect(rendered().filter((line) => line === url)).toHaveLength(3);

    // A prompt that is not public is not in anyone's page: the shared frame, as for an unknown one.
    await db.updateTable('prompts').set({ status: 'draft' }).where('id', '=', prompt.id).execute();
    const hidden = await t.app.inject({ method: 'GET', url });
    expect(hidden.body).not.toContain('Renamed');
    expect(hidden.body).not.toContain('page-data');
    expect(hidden.statusCode).toBe(404);
  });

  it('renders the marketplace with its first page of cards, and renders it again when the catalogue changes', async () => {
    const db = t.database.db;
    const author = await insertUser(db, { name: 'Lena Lists' });
    await insertPrompt(db, author.id, { title: 'Listed First', slug: 'listed-first' });
    const renders = () => rendered().filter((line) => line === '/marketplace').length;
    const before = renders();
    const first = await t.app.inject({ method: 'GET', url: '/marketplace' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatch(
      /<h1>Rendered \/marketplace listing \[[^\]]*Listed First[^\]]*\] \$&amp;<\/h1>/,
    );
    // The data the browser starts from: the answers to the requests the page makes, and which one.
    expect(pageData(first.body)).toEqual({
      query: { sort: 'latest', page: 1, limit: 50 },
      list: await api('/api/marketplace/prompts?sort=latest&page=1&limit=50'),
      categories: await api('/api/marketplace/categories'),
    });
    // Once while the catalogue holds, and revalidated with its ETag.
    const again = await t.app.inject({ method: 'GET', url: '/marketplace' });
    expect(again.body).toBe(first.body);
    expect(renders()).toBe(before + 1);
    const etag = first.headers.etag as string;
    const unchanged = { method: 'GET' as const, url: '/marketplace', headers: { 'if-none-match': etag } };
    expect((await t.app.inject(unchanged)).statusCode).toBe(304);

    // A new prompt is on the next answer at once: never the page as it was.
    await insertPrompt(db, author.id, { title: 'Listed Second', slug: 'listed-second' });
    const changed = await t.app.inject(unchanged);
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toMatch(/listing \[Listed Second, Listed First/);
    expect(renders()).toBe(before + 2);
    // With a query (the filters), the browser renders it: no data to render with.
    const filtered = await t.app.inject({ method: 'GET', url: '/marketplace?sort=popular' });
    expect(filtered.body).toBe(INDEX);
  });

  it('renders the home page with its showcase and figures, and renders it again when the catalogue changes', async () => {
    const db = t.database.db;
    const author = await insertUser(db, { name: 'Hana Home' });
    await insertPrompt(db, author.id, { title: 'Shown At Home', slug: 'shown-at-home' });
    const renders = () => rendered().filter((line) => line === '/').length;
    const before = renders();
    const first = await t.app.inject({ method: 'GET', url: '/' });
    expect(first.statusCode).toBe(200);
    const stats = (await api('/api/site/stats')) as { users: number };
    expect(first.body).toContain(`<h1>Rendered / showing [Shown At Home`);
    expect(first.body).toContain(` to ${stats.users} users $&amp;</h1>`);
    // The answers to the two requests the page makes: the first six cards and the figures.
    expect(pageData(first.body)).toEqual({
      prompts: await api('/api/marketplace/prompts?page=1&limit=6'),
      stats,
    });
    const again = await t.app.inject({ method: 'GET', url: '/' });
    expect(again.body).toBe(first.body);
    expect(renders()).toBe(before + 1);

    // A new prompt is in the showcase at once.
    await insertPrompt(db, author.id, { title: 'Newer At Home', slug: 'newer-at-home' });
    const changed = await t.app.inject({ method: 'GET', url: '/' });
    expect(changed.body).toContain(`<h1>Rendered / showing [Newer At Home, Shown At Home`);
    expect(renders()).toBe(before + 2);
  });

  it('leaves signed-in pages, addresses with a query and unknown pages to the browser', async () => {
    for (const url of [
      '/dashboard',
      '/playground',
      '/auth/login',
      '/admin/dashboard',
      '/marketplace?sort=popular',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
    const missing = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(INDEX);
    expect(rendered()).not.toContain('/dashboard');
    expect(rendered()).not.toContain('/no/such/page');
  });

  it('answers with the unrendered page when a render fails or redirects, and tries again later', async () => {
    for (const url of ['/terms', '/privacy']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
    await t.app.inject({ method: 'GET', url: '/terms' });
    expect(rendered().filter((url) => url === '/terms')).toHaveLength(2);
    const warning = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'server rendering failed; sending the page unrendered');
    expect(warning).toMatchObject({ path: '/terms', level: 40 });
  });
});

describe('startAfterPaint', () => {
  it('leaves a page without an entry script as it is', () => {
    const html =
      '<html><head><link rel="stylesheet" href="/a.css"></head><body><div id="root"></div></body></html>';
    expect(startAfterPaint(html, ['/assets/page-9.js'])).toBe(html);
  });
});
