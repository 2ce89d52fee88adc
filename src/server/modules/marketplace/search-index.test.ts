import { describe, expect, it } from 'vitest';
import { textTerms } from './search';
import { type SearchDocument, SearchIndex } from './search-index';

/* The in-memory index alone (decision 020): what matches, in which order, and how edits move it. */

let n = 0;
function doc(overrides: Partial<SearchDocument> = {}): SearchDocument {
  n++;
  return {
    id: `p${String(n).padStart(4, '0')}`,
    created_at: `2026-01-01T00:${String(Math.floor(n / 60) % 60).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}.000Z`,
    category: 'writing',
    type: 'free',
    title: 'Untitled',
    description: 'Nothing to see.',
    tags: '[]',
    author_name: 'Casey Creator',
    ...overrides,
  };
}

/** An index that answers with the ids of what it finds. */
function indexOf(docs: SearchDocument[]) {
  const index = new SearchIndex();
  for (const d of docs) index.put(d);
  return {
    put: (d: SearchDocument) => index.put(d),
    remove: (id: string) => index.remove(id),
    renumber: () => index.renumber(),
    get size() {
      return index.size;
    },
    search: (...args: Parameters<typeof index.search>) => index.search(...args).ids,
  };
}

describe('the search index', () => {
  it('finds prompts holding every word, the last one as a prefix, in any searchable column', () => {
    const a = doc({ title: 'Python tutor', description: 'Explains code step by step.' });
    const b = doc({ title: 'Email writer', tags: '["python","scripts"]' });
    const c = doc({ title: 'Recipe planner', author_name: 'Pythia Jones' });
    const d = doc({ title: 'Cover letter', description: 'Writes in the style of Monty Python.' });
    const index = indexOf([a, b, c, d]);
    expect(new Set(index.search(['pyth'], {}, 500))).toEqual(new Set([a.id, b.id, c.id, d.id]));
    expect(index.search(['python'], {}, 500).sort()).toEqual([a.id, b.id, d.id].sort());
    expect(index.search(['python', 'sc'], {}, 500)).toEqual([b.id]);
    // Only the last word is a prefix; a one-letter last word must match whole.
    expect(index.search(['pyth', 'tutor'], {}, 500)).toEqual([]);
    expect(index.search(['python', 'x'], {}, 500)).toEqual([]);
    expect(index.search(['nothing', 'here'], {}, 500)).toEqual([]);
  });

  it('folds case and accents on both sides', () => {
    const a = doc({ title: 'Café Menü Übersetzer' });
    const index = indexOf([a]);
    expect(index.search(['cafe', 'menu'], {}, 500)).toEqual([a.id]);
    expect(index.search(['uber'], {}, 500)).toEqual([a.id]);
  });

  it('ranks title matches above description matches, and newer first on a tie', () => {
    const older = doc({ title: 'Capybara facts' });
    const inText = doc({ title: 'Animal facts', description: 'All about the capybara.' });
    const newer = doc({ title: 'Capybara facts' });
    const index = indexOf([older, inText, newer]);
    expect(index.search(['capybara'], {}, 500)).toEqual([newer.id, older.id, inText.id]);
  });

  it('keeps only the newest matches up to the cap, whichever list it walks', () => {
    const docs = Array.from({ length: 30 }, (_, i) =>
      doc({ title: i % 3 === 0 ? 'Zebra guide' : 'Zebu guide', description: 'Stripes.' }),
    );
    const index = indexOf(docs);
    const newest = (filter: (d: SearchDocument) => boolean, k: number) =>
      new Set(
        docs
          .filter(filter)
          .slice(-k)
          .map((d) => d.id),
      );
    const zebra = (d: SearchDocument) => d.title.startsWith('Zebra');
    expect(new Set(index.search(['guide'], {}, 7))).toEqual(newest(() => true, 7));
    // Two prefix terms (zebra, zebu) merged; the prefix's 20 prompts under the word's 30; the word's 10.
    expect(new Set(index.search(['zeb'], {}, 7))).toEqual(newest(() => true, 7));
    expect(new Set(index.search(['guide', 'zebu'], {}, 5))).toEqual(newest((d) => !zebra(d), 5));
    expect(new Set(index.search(['zebra', 'gu'], {}, 5))).toEqual(newest(zebra, 5));
    expect(index.search(['zebra', 'gu'], {}, 500)).toHaveLength(10);
  });

  it('applies the category and type filters', () => {
    const a = doc({ title: 'Sales memo', category: 'business', type: 'premium' });
    const b = doc({ title: 'Sales memo', category: 'writing', type: 'free' });
    const index = indexOf([a, b]);
    expect(index.search(['sales'], { category: 'business' }, 500)).toEqual([a.id]);
    expect(index.search(['sales'], { type: 'free' }, 500)).toEqual([b.id]);
    expect(index.search(['sales'], { category: 'writing', type: 'premium' }, 500)).toEqual([]);
  });

  it('follows edits and removals, and keeps recency order for a prompt indexed late', () => {
    const a = doc({ title: 'Haiku helper' });
    const b = doc({ title: 'Sonnet helper' });
    const index = indexOf([a, b]);
    index.put({ ...a, title: 'Limerick helper' });
    expect(index.search(['haiku'], {}, 500)).toEqual([]);
    expect(index.search(['limerick'], {}, 500)).toEqual([a.id]);
    // An older prompt published now sits among the others by its creation time.
    const late = { ...doc({ title: 'Ode helper' }), created_at: '2025-06-01T00:00:00.000Z' };
    index.put(late);
    expect(index.search(['helper'], {}, 500)).toEqual([b.id, a.id, late.id]);
    expect(index.search(['helper'], {}, 2)).toEqual([b.id, a.id]);
    index.remove(b.id);
    expect(index.search(['helper'], {}, 500)).toEqual([a.id, late.id]);
    expect(index.search(['sonn'], {}, 500)).toEqual([]);
    expect(index.size).toBe(2);
  });

  it('takes a re-put with nothing it indexes changed as a no-op, and any indexed change as an edit', () => {
    const a = doc({ title: 'Haiku helper', description: 'Writes poems.' });
    const b = doc({ title: 'Poems', description: 'A haiku helper.' });
    const index = indexOf([a, b]);
    expect(index.search(['haiku'], {}, 500)).toEqual([a.id, b.id]);
    for (let i = 0; i < 3; i++) index.put({ ...a });
    expect(index.search(['haiku'], {}, 500)).toEqual([a.id, b.id]);
    expect(index.size).toBe(2);
    // The same words, but 'haiku' moved from the title to the description: b now ranks first.
    index.put({ ...a, title: 'Poems helper', description: 'Writes haiku.' });
    expect(index.search(['haiku'], {}, 500)).toEqual([b.id, a.id]);
    // Only the type, or only the creation time, changed.
    index.put({ ...b, type: 'premium' });
    expect(index.search(['haiku'], { type: 'premium' }, 500)).toEqual([b.id]);
    index.put({
      ...a,
      title: 'Poems helper',
      description: 'Writes haiku.',
      created_at: '2027-01-01T00:00:00.000Z',
    });
    expect(index.search(['helper'], {}, 500)).toEqual([a.id, b.id]);
    expect(index.size).toBe(2);
  });

  it('counts a prefix once per prompt for its rank: a rarer prefix weighs more', () => {
    // Both prompts hold "plan" words; only one holds "pyth" ones, several times.
    const a = doc({ title: 'Plan planner planning', description: 'python pythonic' });
    const b = doc({ title: 'Plan', description: 'notes' });
    const c = doc({ title: 'Other', description: 'plans' });
    const index = indexOf([a, b, c]);
    expect(index.search(['plan'], {}, 500)).toEqual([a.id, b.id, c.id]);
    expect(index.search(['pyth'], {}, 500)).toEqual([a.id]);
  });

  it('finds the same after its terms are renumbered, and prefixes span terms added later', () => {
    const a = doc({ title: 'Planner', description: 'plans and plots' });
    const b = doc({ title: 'Plot twist', description: 'story' });
    const index = indexOf([a, b]);
    const before = ['pl', 'plan', 'plot', 'story', 'twi'].map((q) => index.search([q], {}, 500));
    index.renumber();
    expect(['pl', 'plan', 'plot', 'story', 'twi'].map((q) => index.search([q], {}, 500))).toEqual(before);
    // New words sort among the old ones but get ids after them.
    const c = doc({ title: 'Planetarium guide', description: 'plankton and plover' });
    index.put(c);
    index.put({ ...b, title: 'Plan twist', description: 'a plank' });
    // Equal weighted frequencies (13): the longer document ranks last, then newer first.
    expect(index.search(['plan'], {}, 500)).toEqual([b.id, a.id, c.id]);
    expect(index.search(['plo'], {}, 500)).toEqual([a.id, c.id]);
    expect(index.search(['guide', 'pla'], {}, 500)).toEqual([c.id]);
  });

  it('gives any page of the ranking, and the total of matches', () => {
    const docs = Array.from({ length: 40 }, (_, i) =>
      doc({
        title: i % 4 === 0 ? 'Otter otter guide' : 'Guide',
        description: i % 3 === 0 ? 'An otter.' : 'Rivers.',
      }),
    );
    const index = new SearchIndex();
    for (const d of docs) index.put(d);
    const all = index.search(['otter'], {}, 500);
    expect(all.total).toBe(all.ids.length);
    for (const [offset, limit] of [
      [0, 5],
      [5, 5],
      [3, 7],
      [20, 50],
      // Far past the end (the page number has no upper bound): nothing, and no array that long.
      [50 * 10_000_000_000, 50],
    ] as const) {
      const page = index.search(['otter'], {}, 500, { offset, limit });
      expect(page.total).toBe(all.total);
      expect(page.ids).toEqual(all.ids.slice(offset, offset + limit));
    }
  });

  it("keeps the common words' bitsets exact while prompts are added, edited, removed and renumbered", () => {
    // A few words common enough for bitsets (in a sixth of the prompts and more), rarer ones
    // sharing their prefixes, and searches between the changes so the bitsets exist while they
    // happen (and while the documents' arrays grow past 1 024 prompts).
    const common = ['alpha', 'alpine', 'bravo', 'brave', 'charlie', 'delta'];
    const rare = Array.from({ length: 60 }, (_, i) => `${['al', 'br', 'ch', 'de'][i % 4]}x${i}`);
    let seed = 5;
    const next = (below: number) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return Math.floor((seed / 2 ** 32) * below);
    };
    const words = () =>
      Array.from({ length: 4 }, () =>
        next(3) === 0 ? rare[next(rare.length)]! : common[next(common.length)]!,
      ).join(' ');
    const live = new Map<string, SearchDocument>();
    const index = new SearchIndex();
    const queries = [
      ['alpha'],
      ['bravo', 'al'],
      ['charlie', 'br'],
      ['delta', 'alpha'],
      ['alpha', 'bravo', 'ch'],
      ['brave', 'alx'],
      ['de'],
      ['delta', 'chx1'],
    ];
    /** What every query must find: brute force over the prompts there are now. */
    const expected = (terms: string[]) => {
      const last = terms[terms.length - 1]!;
      return [...live.values()]
        .filter((d) => {
          const held = new Set(textTerms(`${d.title} ${d.description} ${d.tags} ${d.author_name}`));
          return terms.slice(0, -1).every((t) => held.has(t)) && [...held].some((w) => w.startsWith(last));
        })
        .map((d) => d.id)
        .sort();
    };
    const check = () => {
      for (const terms of queries) {
        const got = index.search(terms, {}, 10_000);
        expect([...got.ids].sort()).toEqual(expected(terms));
        expect(got.total).toBe(got.ids.length);
      }
    };
    for (let step = 0; step < 3000; step++) {
      const ids = [...live.keys()];
      const roll = next(10);
      if (roll === 0 && ids.length > 0) {
        const id = ids[next(ids.length)]!;
        live.delete(id);
        index.remove(id);
      } else {
        const base = roll < 4 && ids.length > 0 ? live.get(ids[next(ids.length)]!)! : doc();
        const d = { ...base, title: words(), description: words(), tags: '[]', author_name: 'Casey' };
        live.set(d.id, d);
        index.put(d);
      }
      if (step === 2500) index.renumber();
      if (step % 250 === 249) check();
    }
    // The searches above did use bitsets (a private field: without them this test checks nothing new).
    expect((index as unknown as { bitsets: Map<number, Uint32Array> }).bitsets.size).toBeGreaterThan(3);
    check();
    // Ranked as an index built from the result ranks them.
    const fresh = new SearchIndex();
    for (const d of live.values()) fresh.put(d);
    fresh.renumber();
    for (const terms of queries) expect(index.search(terms, {}, 500)).toEqual(fresh.search(terms, {}, 500));
  });

  it('answers after thousands of edits, removals and late prompts as an index built from the result', () => {
    // Enough words and prompts to move the posting lists around their pool many times.
    const words = Array.from({ length: 300 }, (_, i) => `w${i.toString(36)}x${(i * 7919) % 97}`);
    let seed = 11;
    const next = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    const text = (count: number) => Array.from({ length: count }, () => words[next(words.length)]).join(' ');
    const live = new Map<string, SearchDocument>();
    const edited = new SearchIndex();
    for (let step = 0; step < 6000; step++) {
      const ids = [...live.keys()];
      const roll = next(10);
      if (roll === 0 && ids.length > 0) {
        const id = ids[next(ids.length)]!;
        live.delete(id);
        edited.remove(id);
        continue;
      }
      const base = roll < 4 && ids.length > 0 ? live.get(ids[next(ids.length)]!)! : doc();
      // Some prompts are published late: created long before the newest.
      const created = next(5) === 0 ? `2025-0${1 + next(9)}-01T00:00:00.000Z` : base.created_at;
      const d = {
        ...base,
        created_at: created,
        title: text(3),
        description: text(12),
        tags: `["${text(1)}"]`,
      };
      live.set(d.id, d);
      edited.put(d);
      if (step === 3000) edited.renumber();
    }
    const fresh = new SearchIndex();
    for (const d of live.values()) fresh.put(d);
    fresh.renumber();
    expect(edited.size).toBe(live.size);
    const queries = [
      ...words.slice(0, 40).map((w) => [w]),
      ...words.slice(0, 40).map((w) => [w, w.slice(0, 3)]),
    ];
    let matched = 0;
    for (const terms of [...queries, ['w1'], ['w2', 'w3']]) {
      const got = edited.search(terms, {}, 500);
      expect(got).toEqual(fresh.search(terms, {}, 500));
      matched += got.total;
    }
    expect(matched).toBeGreaterThan(1000);
  });
});
