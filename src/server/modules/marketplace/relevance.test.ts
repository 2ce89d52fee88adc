import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';

/*
 * The relevance suite (issue 53, decision 044): queries a person types on the demo catalogue, each
 * with the prompts it must return among its first results. Runs on both engines. A new search
 * behaviour comes with its queries here.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(async () => {
  await t.close();
});

interface Found {
  titles: string[];
  total: number;
  search?: { highlight: string[]; suggestion: string | null };
}
async function search(q: string, extra = ''): Promise<Found> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/marketplace/prompts?search=${encodeURIComponent(q)}${extra}`,
  });
  expect(res.statusCode).toBe(200);
  const data = res.json().data as {
    prompts: { title: string }[];
    pagination: { total: number };
    search?: Found['search'];
  };
  return { titles: data.prompts.map((p) => p.title), total: data.pagination.total, search: data.search };
}

/** [query, titles that must be among the first `top` results (default 5)]. */
const CASES: [string, string[], number?][] = [
  // The queries of the issue.
  ['emails', ['Cold Email Sequence for B2B SaaS', 'Email Subject Line A/B Test Generator']],
  ['blog posts', ['Long-Form Blog Post Architect'], 1],
  ['interviews', ['Structured Interview Question Set', 'System Design Interview Coach']],
  ['lesson plans', ['Lesson Plan Builder (Backward Design)'], 1],
  ['newsletters', ['Newsletter Editor: Tighten and Punch Up'], 1],
  ['negotiating', ['Negotiation Prep Sheet'], 1],
  ['flash cards', ['Spaced Repetition Flashcard Maker'], 1],
  ['spreadsheet formulas', ['Excel and Google Sheets Formula Helper'], 1],
  ['pyhton', ['Pandas Data Cleaning Script Generator', 'Dataset Exploratory Analysis Plan']],
  ['dashbord', ['KPI Dashboard Designer'], 1],
  ['copywritting', ['Landing Page Copy in the PAS Framework']],
  // Plurals and singulars.
  ['email', ['Cold Email Sequence for B2B SaaS']],
  ['dashboards', ['KPI Dashboard Designer'], 1],
  ['quizzes', ['Quiz Generator with Answer Explanations'], 1],
  ['essays', ['Essay Feedback with a Rubric'], 1],
  ['speeches', ['Wedding Speech and Toast Writer'], 1],
  ['personas', ['Customer Persona Builder from Reviews'], 1],
  ['flashcard', ['Spaced Repetition Flashcard Maker'], 1],
  // Verb forms.
  ['rewriting jargon', ['Plain-English Rewriter for Jargon-Heavy Text'], 1],
  ['debugging', ['Bug Report to Root Cause Debugger'], 1],
  ['forecasting', ['Forecast Sanity Checker'], 1],
  ['refactored', ['Legacy Code Refactoring Planner']],
  ['negotiate', ['Negotiation Prep Sheet'], 1],
  ['summarizing research papers', ['Research Paper Summarizer for Students'], 1],
  // Typos.
  ['dashbaord', ['KPI Dashboard Designer'], 1],
  ['negotiaton', ['Negotiation Prep Sheet'], 1],
  ['typescirpt', ['TypeScript Type Puzzle Solver'], 1],
  ['curriculm', ['Course Curriculum Designer']],
  ['podcst script', ['Podcast Episode Script Builder'], 1],
  // Split and joined words.
  ['flashcards', ['Spaced Repetition Flashcard Maker'], 1],
  ['sub ject lines', ['Email Subject Line A/B Test Generator']],
  ['codereview', ['Senior Code Reviewer (Any Language)']],
  // Several words: all of them first, most of them still found.
  ['sql query optimizer', ['SQL Query Optimizer with EXPLAIN Walkthrough'], 1],
  ['cold email sales sequence', ['Cold Email Sequence for B2B SaaS'], 1],
  ['unit tests edge cases', ['Unit Test Generator for Edge Cases'], 1],
  ['interview questions for hiring', ['Structured Interview Question Set'], 1],
  // No prompt holds both: either will do.
  ['wedding regex', ['Wedding Speech and Toast Writer', 'Regex Builder and Explainer'], 2],
  // Author names.
  ['priya', ['Dataset Exploratory Analysis Plan', 'KPI Dashboard Designer'], 10],
  ['priya raman dashboard', ['KPI Dashboard Designer'], 1],
  // Categories.
  ['analytics cohorts', ['Cohort Retention Analysis Walkthrough'], 1],
  ['education quiz', ['Quiz Generator with Answer Explanations'], 1],
  // Prefixes while typing, case, accents and punctuation.
  ['negotia', ['Negotiation Prep Sheet'], 1],
  ['pyth', ['Pandas Data Cleaning Script Generator']],
  ['KPI DASHBOARD!!', ['KPI Dashboard Designer'], 1],
  ['dashbóard', ['KPI Dashboard Designer'], 1],
  ['a/b test', ['A/B Test Result Interpreter', 'Email Subject Line A/B Test Generator']],
];

describe('the relevance suite', () => {
  it('has at least 40 queries', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });

  for (const [query, expected, top = 5] of CASES) {
    it(`"${query}" finds ${expected.join(', ')} in its first ${top}`, async () => {
      const { titles } = await search(query);
      for (const title of expected) expect(titles.slice(0, top)).toContain(title);
    });
  }
});

describe('search answers', () => {
  it('count every match, past the first page, and order an explicit sort over them all', async () => {
    const all = await search('writer', '&limit=2');
    expect(all.total).toBeGreaterThan(4);
    const pages = await Promise.all(
      Array.from({ length: Math.ceil(all.total / 2) }, (_, i) => search('writer', `&limit=2&page=${i + 1}`)),
    );
    const titles = pages.flatMap((p) => p.titles);
    expect(titles).toHaveLength(all.total);
    expect(new Set(titles).size).toBe(all.total);
  });

  it('say which words to highlight and suggest the corrected query for a typo', async () => {
    const typo = await search('pyhton');
    expect(typo.search?.suggestion).toBe('python');
    expect(typo.search?.highlight).toContain('python');
    const right = await search('python');
    expect(right.search?.suggestion).toBeNull();
  });

  it('suggest a better-known word when a misspelling some prompt shares finds little', async () => {
    const { insertPrompt, insertUser } = await import('../../../../tests/support/factories');
    const author = await insertUser(t.database.db);
    await insertPrompt(t.database.db, author.id, { title: 'Pyton starter kit', description: 'Scripts.' });
    const found = await search('pyton');
    expect(found.titles).toEqual(['Pyton starter kit']);
    expect(found.search?.suggestion).toBe('python');
  });

  it('find nothing for what no prompt holds, and nothing for punctuation alone', async () => {
    expect((await search('zeitgeist')).total).toBe(0);
    expect((await search('!!! ###')).total).toBe(0);
  });

  it("find a category's prompts by its name", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/marketplace/prompts?search=education&limit=50',
    });
    const prompts = res.json().data.prompts as { category: string }[];
    const inCategory = (await search('', '&category=education&limit=50')).total;
    expect(prompts.filter((p) => p.category === 'education')).toHaveLength(inCategory);
  });

  it('keep unpublished prompts out', async () => {
    expect((await search('haiku')).titles).toEqual([]);
  });

  it('count the matches per category and type, each under the other filter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/marketplace/search/counts?search=emails' });
    const { categories, types } = res.json().data as {
      categories: Record<string, number>;
      types: Record<string, number>;
    };
    const total = (await search('emails')).total;
    expect(Object.values(categories).reduce((a, b) => a + b, 0)).toBe(total);
    expect(types.free! + types.premium!).toBe(total);
    expect(categories.marketing).toBe((await search('emails', '&category=marketing')).total);
    const premium = await t.app.inject({
      method: 'GET',
      url: '/api/marketplace/search/counts?search=emails&type=premium',
    });
    const premiumCategories = premium.json().data.categories as Record<string, number>;
    expect(premiumCategories.marketing).toBe(
      (await search('emails', '&category=marketing&type=premium')).total,
    );
  });
});
