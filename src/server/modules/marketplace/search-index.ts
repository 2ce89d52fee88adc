import { CATEGORIES, PROMPT_TYPES } from '../../../shared/constants';
import { PostingLists, grown } from './posting-lists';
import { textTerms } from './search';

/*
 * The marketplace's full-text index, held in memory (decision 020): for every published prompt,
 * the words of its title, description, tags and author's name, and per word the prompts holding
 * it, newest last. A search finds the newest SEARCH_CANDIDATES prompts holding every word (the last
 * one as a prefix: people are still typing it), then ranks them by bm25 with SQLite FTS5's formula
 * and the weights the FTS index had (decision 005). It knows nothing of the database: see
 * catalogue-search.ts for how it is filled and kept current.
 */

/** What the index reads of a prompt (it keeps none of the text, only the words' statistics). */
export interface SearchDocument {
  id: string;
  created_at: string;
  category: string;
  type: string;
  title: string;
  description: string;
  /** The tags as stored (a JSON array): only its words count. */
  tags: string;
  author_name: string;
}

export interface SearchFilters {
  category?: string;
  type?: string;
}

/** Title, description, tags, author: FTS5's bm25(10, 3, 6, 2) of migration 0003. */
const WEIGHTS = [10, 3, 6, 2] as const;
const K1 = 1.2;
const B = 0.75;
/** A last word this long or longer matches as a prefix (FTS5's query had the same rule). */
const MIN_PREFIX = 2;
/** Prefixes up to this length have their number of prompts kept (bm25's IDF of a prefix). */
const COUNTED_PREFIX = 6;
/**
 * A term in at least this share of the prompts (and at least BITSET_MIN of them) gets a bitset of
 * its prompts when a search first needs it: a bit per ordinal, at most half the size of the term's
 * own posting list (8 bytes an entry), and far cheaper to ask than the binary search in a prompt's
 * terms it spares.
 */
const BITSET_SHARE = 1 / 32;
const BITSET_MIN = 256;
/** Bitsets kept at most, the oldest dropped first (12.5 KB each at 100 000 prompts). */
const MAX_BITSETS = 256;

const categoryCode = new Map<string, number>(CATEGORIES.map((c, i) => [c, i]));
const typeCode = new Map<string, number>(PROMPT_TYPES.map((t, i) => [t, i]));

/** bm25's inverse document frequency, as FTS5 computes it (never below 1e-6). */
function idf(documents: number, hits: number): number {
  const v = Math.log((documents - hits + 0.5) / (hits + 0.5));
  return v <= 0 ? 1e-6 : v;
}

export class SearchIndex {
  // Per document, by ordinal (an ordinal is kept while the prompt is re-indexed, never reused).
  private readonly ids: (string | undefined)[] = [];
  private readonly created: string[] = [];
  /** created_at in milliseconds, compared first (cheaper than the strings, in the same order). */
  private createdMs = new Float64Array(1024);
  private category = new Int8Array(1024);
  private type = new Int8Array(1024);
  /**
   * Per document (list d), its term ids, ascending, each with its weighted frequency, and its
   * length (bm25's, in terms) as the list's note. The lists share one array, in ordinal order after
   * a build (a search reads thousands of documents: one array, not one object per document, keeps
   * those reads close together in memory).
   */
  private readonly docTerms = new PostingLists();
  private readonly ordinalOf = new Map<string, number>();

  // Per term, by term id.
  private readonly termOf = new Map<string, number>();
  private readonly terms: string[] = [];
  /** Per term, the ordinals of the documents holding it, oldest first (created_at, then id). */
  private readonly postings = new PostingLists();
  /** Every term in code-unit order, for prefixes; new terms wait in `unsorted`. */
  private sorted: string[] = [];
  private unsorted: string[] = [];
  /** How many documents hold a term with each prefix of COUNTED_PREFIX characters or fewer. */
  private readonly prefixDocs = new Map<string, number>();

  private totalLength = 0;
  private live = 0;
  /** Scratch marks by term id (the prefix's terms) and by ordinal (counting a long prefix). */
  private termMarks = new Uint8Array(0);
  /**
   * Term ids below this are in code-unit order of their terms (see renumber), so the terms with
   * a prefix are one range of ids and a document's are found by binary search; newer terms are
   * marked in termMarks. `range` is the current search's range.
   */
  private ordered = 0;
  private range = { lo: 0, hi: 0 };
  private docMarks = new Uint8Array(0);
  /**
   * The current search's matches' frequencies of its exact terms, `exact.length` per match, kept
   * when the match is found (its terms are then in the cache) for ranking it.
   */
  private exactFreqs = new Float64Array(0);
  /**
   * The current search's matches (ordinals, newest first), each one's weighted frequency of the
   * prefix's terms and its score: kept between searches, so a search leaves no arrays behind for the
   * collector (a search runs to the end without yielding, so one set serves them all).
   */
  private found = new Int32Array(0);
  private prefixFreq = new Float64Array(0);
  private scores = new Float64Array(0);
  /** The current search's best matches while ranking (positions in `found`, as a heap). */
  private best = new Int32Array(0);
  /**
   * Per common term, the ordinals holding it as bits (see BITSET_SHARE), made when a search needs
   * it and kept in step by put and remove; as long as the documents' arrays (growDocuments). A
   * search trusts a clear bit (the prompt lacks the term) and confirms a set one by looking the
   * term up in the prompt, as it did before there were bits: a bit left set costs a lookup, a bit
   * missing would lose a match.
   */
  private readonly bitsets = new Map<number, Uint32Array>();
  /**
   * The current search's bitsets of its common exact terms, the list it walks left out: a prompt
   * with a clear bit in one lacks that term.
   */
  private commonBits: Uint32Array[] = [];
  /** Scratch bits: the ordinals holding any of the current prefix's terms, when worth making. */
  private unionBits = new Uint32Array(0);

  /** How many published prompts are indexed. */
  get size(): number {
    return this.live;
  }

  /** Adds a document, or re-indexes it when its id is known. */
  put(doc: SearchDocument): void {
    const weighted = new Map<number, number>();
    let length = 0;
    const columns = [doc.title, doc.description, doc.tags, doc.author_name];
    for (let c = 0; c < columns.length; c++) {
      for (const term of textTerms(columns[c]!)) {
        length++;
        const t = this.termId(term);
        weighted.set(t, (weighted.get(t) ?? 0) + WEIGHTS[c]!);
      }
    }
    const ids = Int32Array.from(weighted.keys()).sort();
    const freqs = new Int32Array(ids.length);
    for (let i = 0; i < ids.length; i++) freqs[i] = weighted.get(ids[i]!)!;
    const category = categoryCode.get(doc.category) ?? -1;
    const type = typeCode.get(doc.type) ?? -1;

    let d = this.ordinalOf.get(doc.id);
    if (d === undefined) {
      d = this.ids.length;
      this.ordinalOf.set(doc.id, d);
      this.docTerms.add();
      if (d === this.createdMs.length) this.growDocuments(d * 2);
    } else if (this.ids[d] !== undefined) {
      // A change the index does not see (a like, a view count, the price): nothing to move.
      if (this.holdsAlready(d, doc.created_at, category, type, length, ids, freqs)) return;
      this.unlink(d);
    }
    this.ids[d] = doc.id;
    this.created[d] = doc.created_at;
    this.createdMs[d] = Date.parse(doc.created_at) || 0;
    this.category[d] = category;
    this.type[d] = type;
    this.docTerms.replace(d, ids, freqs);
    this.docTerms.setNote(d, length);
    this.totalLength += length;
    this.live++;

    const lists = this.postings;
    for (let i = 0; i < ids.length; i++) {
      const t = ids[i]!;
      const length = lists.length(t);
      const last = length === 0 ? -1 : lists.data[2 * (lists.start(t) + length - 1)]!;
      lists.insert(t, last === -1 || this.newer(d, last) ? length : this.position(t, d), d, freqs[i]!);
    }
    if (this.bitsets.size > 0) {
      for (let i = 0; i < ids.length; i++) {
        const bits = this.bitsets.get(ids[i]!);
        if (bits !== undefined) setBit(bits, d);
      }
    }
    for (const prefix of this.prefixesOf(ids))
      this.prefixDocs.set(prefix, (this.prefixDocs.get(prefix) ?? 0) + 1);
  }

  /** True when document d is indexed with exactly these fields and terms. */
  private holdsAlready(
    d: number,
    created: string,
    category: number,
    type: number,
    length: number,
    ids: Int32Array,
    freqs: Int32Array,
  ): boolean {
    if (
      this.created[d] !== created ||
      this.category[d] !== category ||
      this.type[d] !== type ||
      this.docTerms.note(d) !== length ||
      this.docTerms.length(d) !== ids.length
    ) {
      return false;
    }
    const data = this.docTerms.data;
    const at = 2 * this.docTerms.start(d);
    for (let i = 0; i < ids.length; i++) {
      if (data[at + 2 * i] !== ids[i] || data[at + 2 * i + 1] !== freqs[i]) return false;
    }
    return true;
  }

  /** Removes a document (a prompt deleted or no longer published); unknown ids are ignored. */
  remove(id: string): void {
    const d = this.ordinalOf.get(id);
    if (d === undefined || this.ids[d] === undefined) return;
    this.unlink(d);
    this.ids[d] = undefined;
    this.docTerms.clear(d);
  }

  /** A document's term ids. */
  private termsOf(d: number): Int32Array {
    const ids = new Int32Array(this.docTerms.length(d));
    const at = 2 * this.docTerms.start(d);
    for (let i = 0; i < ids.length; i++) ids[i] = this.docTerms.data[at + 2 * i]!;
    return ids;
  }

  private growDocuments(size: number): void {
    this.createdMs = grown(this.createdMs, new Float64Array(size));
    this.category = grown(this.category, new Int8Array(size));
    this.type = grown(this.type, new Int8Array(size));
    for (const [t, bits] of this.bitsets) this.bitsets.set(t, grown(bits, new Uint32Array(bitWords(size))));
  }

  /** Whether a term in this many prompts is common enough for a bitset (BITSET_SHARE). */
  private isCommon(count: number): boolean {
    return count >= BITSET_MIN && count >= this.live * BITSET_SHARE;
  }

  /** Term t's bitset of ordinals, made now if the term is common enough; otherwise null. */
  private bitsetOf(t: number): Uint32Array | null {
    const held = this.bitsets.get(t);
    if (held !== undefined) return held;
    const count = this.postings.length(t);
    if (!this.isCommon(count)) return null;
    const bits = new Uint32Array(bitWords(this.createdMs.length));
    const list = this.postings.data;
    for (let i = this.postings.start(t), end = i + count; i < end; i++) setBit(bits, list[2 * i]!);
    if (this.bitsets.size >= MAX_BITSETS) this.bitsets.delete(this.bitsets.keys().next().value!);
    this.bitsets.set(t, bits);
    return bits;
  }

  /**
   * The ordinals holding any of the prefix's terms, in unionBits, when making them costs less than
   * `walk` lookups of a prompt's terms would (a bitset's words or a list's entries, per term);
   * otherwise null. The caller clears it when done.
   */
  private prefixUnion(prefixTerms: number[], walk: number): Uint32Array | null {
    const words = bitWords(this.createdMs.length);
    const lists = this.postings;
    let cost = 0;
    for (const t of prefixTerms) {
      const count = lists.length(t);
      cost += this.bitsets.has(t) || this.isCommon(count) ? words : count;
    }
    if (cost > 4 * walk) return null;
    if (this.unionBits.length < words) this.unionBits = new Uint32Array(words);
    const union = this.unionBits;
    const list = lists.data;
    for (const t of prefixTerms) {
      const bits = this.bitsetOf(t);
      if (bits !== null) {
        for (let w = 0; w < words; w++) union[w]! |= bits[w]!;
      } else {
        for (let i = lists.start(t), end = i + lists.length(t); i < end; i++) setBit(union, list[2 * i]!);
      }
    }
    return union;
  }

  /**
   * The newest `cap` published prompts holding every term (the last as a prefix when it has
   * MIN_PREFIX characters or more) and passing the filters, ranked best first, then newest.
   */
  search(
    terms: string[],
    filters: SearchFilters,
    cap: number,
    page: { offset: number; limit: number } = { offset: 0, limit: cap },
  ): { total: number; ids: string[] } {
    const none = { total: 0, ids: [] };
    if (terms.length === 0) return none;
    const last = terms[terms.length - 1]!;
    const prefix = last.length >= MIN_PREFIX ? last : null;
    const exact: number[] = [];
    for (const term of prefix ? terms.slice(0, -1) : terms) {
      const t = this.termOf.get(term);
      if (t === undefined || this.postings.length(t) === 0) return none;
      exact.push(t);
    }
    const prefixTerms = prefix ? this.termsStartingWith(prefix) : [];
    if (prefix && prefixTerms.length === 0) return none;

    if (this.termMarks.length < this.terms.length) this.termMarks = new Uint8Array(this.terms.length * 2);
    for (const t of prefixTerms) if (t >= this.ordered) this.termMarks[t] = 1;
    this.range = prefix ? this.orderedRange(prefix) : { lo: 0, hi: 0 };
    try {
      const prefixCount = prefix ? this.prefixCount(prefix, prefixTerms) : 0;
      const matched = this.match(exact, prefix ? prefixTerms : null, prefixCount, filters, cap);
      const ranked = this.rank(matched, exact, prefix ? prefixCount : -1, page.offset + page.limit);
      const ids: string[] = [];
      for (let k = page.offset; k < ranked.length; k++) ids.push(this.ids[ranked[k]!]!);
      return { total: matched, ids };
    } finally {
      for (const t of prefixTerms) this.termMarks[t] = 0;
      this.commonBits = [];
    }
  }

  /*
   * The hot path below avoids closures: the server runs under tsx, whose esbuild output names every
   * arrow function assigned to a variable with a defineProperty call when it is created.
   */

  /**
   * The newest matches, newest first, walking the shortest list of candidates, with each one's
   * weighted frequency of the prefix's terms (bm25 needs it, and finding the match finds it): how
   * many, and themselves in `found` and `prefixFreq`.
   */
  private match(
    exact: number[],
    prefixTerms: number[] | null,
    prefixCount: number,
    filters: SearchFilters,
    cap: number,
  ): number {
    const category = filters.category === undefined ? -1 : (categoryCode.get(filters.category) ?? -2);
    const type = filters.type === undefined ? -1 : (typeCode.get(filters.type) ?? -2);
    const lists = this.postings;
    let driver = -1;
    for (const t of exact) if (driver < 0 || lists.length(t) < lists.length(driver)) driver = t;

    if (this.found.length < cap) {
      this.found = new Int32Array(cap);
      this.prefixFreq = new Float64Array(cap);
      this.scores = new Float64Array(cap);
    }
    const found = this.found;
    const prefixFreq = this.prefixFreq;
    let n = 0;
    const stride = exact.length;
    if (this.exactFreqs.length < cap * stride) this.exactFreqs = new Float64Array(cap * stride);
    const walksDriver = driver >= 0 && (prefixTerms === null || lists.length(driver) <= prefixCount);
    for (const t of exact) {
      const bits = walksDriver && t === driver ? null : this.bitsetOf(t);
      if (bits !== null) this.commonBits.push(bits);
    }
    const checkBits = this.commonBits.length > 0;
    if (walksDriver) {
      // Whether a prompt holds one of the prefix's terms, from bits where they are cheap enough to
      // make: only the prompts that do are looked up for their frequency. The walk stops at `cap`
      // matches: as many prompts as that takes if the prefix's share of the list is its share of
      // the catalogue (a broad prefix such as "an" is found within a few prompts of each other).
      const walk = Math.min(lists.length(driver), Math.ceil((cap * this.live) / Math.max(prefixCount, 1)));
      const union = prefixTerms === null ? null : this.prefixUnion(prefixTerms, walk);
      try {
        const list = lists.data;
        const start = lists.start(driver);
        for (let i = start + lists.length(driver) - 1; i >= start && n < cap; i--) {
          const d = list[2 * i]!;
          if (!this.passes(d, category, type)) continue;
          if (union !== null && !hasBit(union, d)) continue;
          if (checkBits && this.lacksCommon(d)) continue;
          const f = prefixTerms === null ? 0 : this.markedFrequency(d);
          if (prefixTerms !== null && f === 0) continue;
          if (!this.holds(d, exact, n * stride, driver, list[2 * i + 1]!)) continue;
          found[n] = d;
          prefixFreq[n++] = f;
        }
        return n;
      } finally {
        if (union !== null) union.fill(0);
      }
    }
    // The prefix's documents are fewer: merge its terms' lists, newest first. A document holding
    // several of its terms comes up once per term, in a row.
    const terms: number[] = [];
    for (const t of prefixTerms!) if (lists.length(t) > 0) terms.push(t);
    const heap = new CursorHeap(lists, terms, this.createdMs, this.created, this.ids);
    let previous = -1;
    let accepted = false;
    for (;;) {
      const d = heap.pop();
      if (d === undefined) break;
      if (d !== previous) {
        if (n === cap) break;
        previous = d;
        accepted =
          this.passes(d, category, type) &&
          !(checkBits && this.lacksCommon(d)) &&
          this.holds(d, exact, n * stride, -1, 0);
        if (accepted) {
          found[n] = d;
          prefixFreq[n++] = 0;
        }
      }
      if (accepted) prefixFreq[n - 1]! += heap.freq;
    }
    return n;
  }

  /** Passes the category and type filters (-1: any). */
  private passes(d: number, category: number, type: number): boolean {
    return (category === -1 || this.category[d] === category) && (type === -1 || this.type[d] === type);
  }

  /**
   * True when a common exact term's bit says prompt d lacks it (asked before `holds`, which looks
   * each term up in the prompt's terms).
   */
  private lacksCommon(d: number): boolean {
    const bits = this.commonBits;
    for (let i = 0; i < bits.length; i++) if (!hasBit(bits[i]!, d)) return true;
    return false;
  }

  /**
   * Holds every exact term; their frequencies are kept in exactFreqs from `slot`. The frequency of
   * term `known` is given (read from its posting list).
   */
  private holds(d: number, exact: number[], slot: number, known: number, knownFreq: number): boolean {
    for (let i = 0; i < exact.length; i++) {
      const f = exact[i] === known ? knownFreq : this.frequency(d, exact[i]!);
      if (f === 0) return false;
      this.exactFreqs[slot + i] = f;
    }
    return true;
  }

  /**
   * The best `places` of the `count` matches in `found` by bm25 (FTS5's formula), best first,
   * then newer first.
   */
  private rank(count: number, exact: number[], prefixCount: number, places: number): number[] {
    // A page past the last match asks for more places than there are matches.
    const top = Math.min(places, count);
    const { found, prefixFreq, scores } = this;
    const n = this.live;
    const avgdl = this.totalLength / Math.max(n, 1);
    const exactIdf = new Float64Array(exact.length);
    for (let i = 0; i < exact.length; i++) exactIdf[i] = idf(n, this.postings.length(exact[i]!));
    const prefixIdf = prefixCount >= 0 ? idf(n, prefixCount) : 0;
    const stride = exact.length;
    for (let k = 0; k < count; k++) {
      const d = found[k]!;
      const norm = K1 * (1 - B + (B * this.docTerms.note(d)) / avgdl);
      let score = 0;
      for (let i = 0; i < stride; i++) {
        const f = this.exactFreqs[k * stride + i]!;
        score += (exactIdf[i]! * f * (K1 + 1)) / (f + norm);
      }
      if (prefixCount >= 0) {
        const f = prefixFreq[k]!;
        score += (prefixIdf * f * (K1 + 1)) / (f + norm);
      }
      scores[k] = score;
    }
    // `found` is newest first: on a tie the earlier position wins. Only the first `top` places are
    // needed (a page): the best so far are kept in a heap with the worst of them at its root, so a
    // match that does not make the page costs one comparison, and one that does a few.
    if (top <= 0) return [];
    if (this.best.length < top) this.best = new Int32Array(top);
    const heap = this.best;
    let size = 0;
    for (let k = 0; k < count; k++) {
      if (size < top) {
        let i = size++;
        while (i > 0) {
          const parent = (i - 1) >> 1;
          if (!worse(scores, k, heap[parent]!)) break;
          heap[i] = heap[parent]!;
          i = parent;
        }
        heap[i] = k;
      } else if (worse(scores, heap[0]!, k)) {
        siftDown(scores, heap, size, k);
      }
    }
    // Taking the worst off the root, each into the last place left: best first.
    const best = new Array<number>(size);
    while (size > 0) {
      const k = heap[0]!;
      best[--size] = found[k]!;
      if (size > 0) siftDown(scores, heap, size, heap[size]!);
    }
    return best;
  }

  /** True when document a comes after b in created_at, then id order (a is newer). */
  private newer(a: number, b: number): boolean {
    return newer(this.createdMs, this.created, this.ids, a, b);
  }

  /** Where d sits (or would sit) in term t's list, kept oldest first. */
  private position(t: number, d: number): number {
    const list = this.postings.data;
    const start = this.postings.start(t);
    let lo = 0;
    let hi = this.postings.length(t);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.newer(d, list[2 * (start + mid)]!)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Takes a document out of its terms' lists and the counts (its row data stays until re-put). */
  private unlink(d: number): void {
    const ids = this.termsOf(d);
    for (const t of ids) {
      const at = this.position(t, d);
      if (at < this.postings.length(t) && this.postings.data[2 * (this.postings.start(t) + at)] === d) {
        this.postings.removeAt(t, at);
      }
      const bits = this.bitsets.get(t);
      if (bits !== undefined) clearBit(bits, d);
    }
    for (const prefix of this.prefixesOf(ids)) {
      const left = (this.prefixDocs.get(prefix) ?? 1) - 1;
      if (left > 0) this.prefixDocs.set(prefix, left);
      else this.prefixDocs.delete(prefix);
    }
    this.totalLength -= this.docTerms.note(d);
    this.live--;
  }

  private termId(term: string): number {
    let t = this.termOf.get(term);
    if (t === undefined) {
      t = this.terms.length;
      this.termOf.set(term, t);
      this.terms.push(term);
      this.postings.add();
      this.unsorted.push(term);
    }
    return t;
  }

  /** The distinct prefixes (MIN_PREFIX to COUNTED_PREFIX characters) of a document's terms. */
  private prefixesOf(ids: Int32Array): Set<string> {
    const prefixes = new Set<string>();
    for (const t of ids) {
      const term = this.terms[t]!;
      const longest = Math.min(term.length, COUNTED_PREFIX);
      for (let k = MIN_PREFIX; k <= longest; k++) prefixes.add(term.slice(0, k));
    }
    return prefixes;
  }

  /** Ids of the terms that start with the prefix (itself included) and are in some document. */
  private termsStartingWith(prefix: string): number[] {
    if (this.unsorted.length > 0) {
      if (this.unsorted.length > 1000) {
        this.sorted = this.sorted.concat(this.unsorted).sort();
      } else {
        for (const term of this.unsorted) this.sorted.splice(lowerBound(this.sorted, term), 0, term);
      }
      this.unsorted = [];
    }
    const out: number[] = [];
    for (let i = lowerBound(this.sorted, prefix); i < this.sorted.length; i++) {
      const term = this.sorted[i]!;
      if (!term.startsWith(prefix)) break;
      const t = this.termOf.get(term)!;
      if (this.postings.length(t) > 0) out.push(t);
    }
    return out;
  }

  /** How many documents hold a term with the prefix: kept up to COUNTED_PREFIX, else counted. */
  private prefixCount(prefix: string, prefixTerms: number[]): number {
    if (prefix.length <= COUNTED_PREFIX) return this.prefixDocs.get(prefix) ?? 0;
    const lists = this.postings;
    if (prefixTerms.length === 1) return lists.length(prefixTerms[0]!);
    if (this.docMarks.length < this.ids.length) this.docMarks = new Uint8Array(this.ids.length * 2);
    const marks = this.docMarks;
    const list = lists.data;
    let count = 0;
    for (const t of prefixTerms) {
      for (let i = lists.start(t), end = i + lists.length(t); i < end; i++) {
        if (marks[list[2 * i]!] === 0) {
          marks[list[2 * i]!] = 1;
          count++;
        }
      }
    }
    for (const t of prefixTerms)
      for (let i = lists.start(t), end = i + lists.length(t); i < end; i++) marks[list[2 * i]!] = 0;
    return count;
  }

  private frequency(d: number, t: number): number {
    const pool = this.docTerms.data;
    let lo = this.docTerms.start(d);
    let hi = lo + this.docTerms.length(d) - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = pool[2 * mid]!;
      if (v === t) return pool[2 * mid + 1]!;
      if (v < t) lo = mid + 1;
      else hi = mid - 1;
    }
    return 0;
  }

  /** The weighted frequency of the current prefix's terms in document d. */
  private markedFrequency(d: number): number {
    const pool = this.docTerms.data;
    const start = this.docTerms.start(d);
    const end = start + this.docTerms.length(d);
    const { lo, hi } = this.range;
    let f = 0;
    let i = firstAtLeast(pool, start, end, lo);
    for (; i < end && pool[2 * i]! < hi; i++) f += pool[2 * i + 1]!;
    if (end > start && pool[2 * (end - 1)]! >= this.ordered) {
      for (i = firstAtLeast(pool, start, end, this.ordered); i < end; i++)
        if (this.termMarks[pool[2 * i]!] === 1) f += pool[2 * i + 1]!;
    }
    return f;
  }

  /** The ids below `ordered` whose terms start with the prefix: [lo, hi). */
  private orderedRange(prefix: string): { lo: number; hi: number } {
    let lo = 0;
    let hi = this.ordered;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.terms[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    hi = this.ordered;
    while (end < hi) {
      const mid = (end + hi) >>> 1;
      if (this.terms[mid]!.startsWith(prefix)) end = mid + 1;
      else hi = mid;
    }
    return { lo, hi: end };
  }

  /**
   * Gives the terms ids in code-unit order of the terms (once the bulk of the documents is in):
   * the terms with a prefix become one range of ids. Terms added later get ids past the range.
   */
  renumber(): void {
    const count = this.terms.length;
    const order = Array.from(this.terms.keys()).sort((a, b) =>
      this.terms[a]! < this.terms[b]! ? -1 : this.terms[a]! > this.terms[b]! ? 1 : 0,
    );
    const newId = new Int32Array(count);
    for (let k = 0; k < count; k++) newId[order[k]!] = k;
    const terms = order.map((t) => this.terms[t]!);
    this.postings.permute(order);
    // Once the bulk is in, few lists grow: their room to grow is given back.
    this.postings.trim();
    for (let k = 0; k < count; k++) {
      this.terms[k] = terms[k]!;
      this.termOf.set(terms[k]!, k);
    }
    // The new ids in the documents' lists, each sorted again (insertion sort: a few dozen terms).
    const pool = this.docTerms.data;
    for (let d = 0; d < this.ids.length; d++) {
      const start = this.docTerms.start(d);
      const end = start + this.docTerms.length(d);
      for (let i = start; i < end; i++) {
        const t = newId[pool[2 * i]!]!;
        const f = pool[2 * i + 1]!;
        let j = i - 1;
        for (; j >= start && pool[2 * j]! > t; j--) {
          pool[2 * j + 2] = pool[2 * j]!;
          pool[2 * j + 3] = pool[2 * j + 1]!;
        }
        pool[2 * j + 2] = t;
        pool[2 * j + 3] = f;
      }
    }
    // In ordinal order, with no space left behind.
    this.docTerms.trim();
    this.sorted = terms;
    this.unsorted = [];
    this.ordered = count;
    // Kept by term id, and the ids have changed.
    this.bitsets.clear();
  }
}

/** True when the match at position a of `found` ranks below the one at b (a later one on a tie). */
function worse(scores: Float64Array, a: number, b: number): boolean {
  return scores[a]! < scores[b]! || (scores[a] === scores[b] && a > b);
}

/** Puts match k at the root of the heap of `size` (worst at the root) and moves it down to its place. */
function siftDown(scores: Float64Array, heap: Int32Array, size: number, k: number): void {
  let i = 0;
  for (;;) {
    const l = 2 * i + 1;
    if (l >= size) break;
    const r = l + 1;
    const child = r < size && worse(scores, heap[r]!, heap[l]!) ? r : l;
    if (!worse(scores, heap[child]!, k)) break;
    heap[i] = heap[child]!;
    i = child;
  }
  heap[i] = k;
}

function setBit(bits: Uint32Array, d: number): void {
  bits[d >>> 5]! |= 1 << (d & 31);
}

function clearBit(bits: Uint32Array, d: number): void {
  bits[d >>> 5]! &= ~(1 << (d & 31));
}

function hasBit(bits: Uint32Array, d: number): boolean {
  return (bits[d >>> 5]! & (1 << (d & 31))) !== 0;
}

/** The 32-bit words a bitset of `size` ordinals takes. */
function bitWords(size: number): number {
  return (size + 31) >>> 5;
}

/**
 * True when document a comes after b in created_at, then id order. The milliseconds decide unless
 * they are equal; the strings then (two spellings of one instant keep SQL's text order).
 */
function newer(
  ms: Float64Array,
  created: string[],
  ids: (string | undefined)[],
  a: number,
  b: number,
): boolean {
  const ma = ms[a]!;
  const mb = ms[b]!;
  if (ma !== mb) return ma > mb;
  const ca = created[a]!;
  const cb = created[b]!;
  return ca > cb || (ca === cb && ids[a]! > ids[b]!);
}

/**
 * The first entry of an ascending run of (value, frequency) pairs, entries [lo, hi), whose value is
 * at least `value`.
 */
function firstAtLeast(pairs: Int32Array, lo: number, hi: number, value: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (pairs[2 * mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Merges posting lists (kept oldest first) into one stream, newest first (created_at, then id). */
class CursorHeap {
  /** The lists' (value, frequency) pairs. */
  private readonly data: Int32Array;
  /** Per cursor, its list's first entry and the entry it is at. */
  private readonly first: number[];
  private readonly at: number[];
  /** The frequency, in the last popped document, of the term whose list it came from. */
  freq = 0;

  constructor(
    lists: PostingLists,
    terms: number[],
    private readonly createdMs: Float64Array,
    private readonly created: string[],
    private readonly ids: (string | undefined)[],
  ) {
    this.data = lists.data;
    this.first = terms.map((t) => lists.start(t));
    this.at = terms.map((t) => lists.start(t) + lists.length(t) - 1);
    for (let i = (terms.length >> 1) - 1; i >= 0; i--) this.down(i);
  }

  pop(): number | undefined {
    if (this.at.length === 0) return undefined;
    const d = this.data[2 * this.at[0]!]!;
    this.freq = this.data[2 * this.at[0]! + 1]!;
    if (--this.at[0]! < this.first[0]!) {
      const first = this.first.pop()!;
      const at = this.at.pop()!;
      if (this.at.length === 0) return d;
      this.first[0] = first;
      this.at[0] = at;
    }
    this.down(0);
    return d;
  }

  /** True when the cursor at i points to a newer document than the one at j. */
  private before(i: number, j: number): boolean {
    const a = this.data[2 * this.at[i]!]!;
    const b = this.data[2 * this.at[j]!]!;
    return newer(this.createdMs, this.created, this.ids, a, b);
  }

  private down(i: number): void {
    const n = this.at.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let best = i;
      if (l < n && this.before(l, best)) best = l;
      if (r < n && this.before(r, best)) best = r;
      if (best === i) return;
      swap(this.first, i, best);
      swap(this.at, i, best);
      i = best;
    }
  }
}

function swap(a: number[], i: number, j: number): void {
  const v = a[i]!;
  a[i] = a[j]!;
  a[j] = v;
}
