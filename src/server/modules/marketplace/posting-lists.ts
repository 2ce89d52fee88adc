/*
 * The search index's lists of numbers with a frequency (search-index.ts), all in one Int32Array of
 * pairs: per term, the ordinals of the documents holding it (its posting list) and the term's
 * weighted frequency in each (a sum of column weights: a whole number); and per document, its term
 * ids and their frequencies. A list has room to grow in place; when it is full it moves to the end
 * of the pool with twice the room (or, when it is replaced whole, with the room its new entries
 * need). Growing by moves leaves about as much space behind as the lists hold: the pool is
 * rewritten whenever it is full with a quarter of it left behind, and `trim` rewrites them with no room to spare once the bulk is in
 * (after a build).
 *
 * One typed array rather than a JavaScript array per term: the lists hold millions of numbers on a
 * large catalogue, which in JavaScript arrays the garbage collector visits one by one on every
 * major collection (about a quarter of the app's heap on 100 000 prompts); a typed array's
 * contents are outside the heap it marks.
 */

const FIRST_ROOM = 2;
/** A list's head: where it starts in the pool (in entries), its length, and its note. */
const HEAD = 3;

export class PostingLists {
  /**
   * Every list's entries, each a pair of numbers: entry i's value at `2 * i`, its weighted
   * frequency at `2 * i + 1` (a search that finds a value reads its frequency from the same cache
   * line). `start(t)` to `start(t) + length(t)` are term t's entries.
   */
  private pool = new Int32Array(2 << 16);
  /** Entries in use (moved lists leave theirs behind, `dead`, until the pool is rewritten). */
  private used = 0;
  private dead = 0;
  /**
   * Per list, its head (HEAD numbers, together: a search reading a document's list reads one line
   * for where it is, how long it is and the document's length).
   */
  private heads = new Int32Array(HEAD * 1024);
  private rooms = new Int32Array(1024);
  private count = 0;

  /** The shared array of pairs: read a list from `2 * start(t)`, and read it again after any change. */
  get data(): Int32Array {
    return this.pool;
  }

  get size(): number {
    return this.count;
  }

  /** Where list t's first entry is (an entry index: its value is at twice this in `data`). */
  start(t: number): number {
    return this.heads[HEAD * t]!;
  }

  length(t: number): number {
    return this.heads[HEAD * t + 1]!;
  }

  /** A number kept with list t (the index keeps a document's length with its terms). */
  note(t: number): number {
    return this.heads[HEAD * t + 2]!;
  }

  setNote(t: number, value: number): void {
    this.heads[HEAD * t + 2] = value;
  }

  /** Adds an empty list; gives its number. */
  add(): number {
    if (this.count === this.rooms.length) {
      const size = this.count * 2;
      this.heads = grown(this.heads, new Int32Array(HEAD * size));
      this.rooms = grown(this.rooms, new Int32Array(size));
    }
    return this.count++;
  }

  /** Inserts `value` with its frequency at position `at` of list t (its length: appends). */
  insert(t: number, at: number, value: number, freq: number): void {
    const length = this.length(t);
    if (length === this.rooms[t]) this.move(t, Math.max(FIRST_ROOM, length * 2));
    const start = this.start(t);
    if (at < length) this.pool.copyWithin(2 * (start + at + 1), 2 * (start + at), 2 * (start + length));
    this.pool[2 * (start + at)] = value;
    this.pool[2 * (start + at) + 1] = freq;
    this.heads[HEAD * t + 1] = length + 1;
  }

  /** Makes list t hold exactly these entries, with their frequencies. */
  replace(t: number, values: Int32Array, freqs: Int32Array): void {
    if (values.length > this.rooms[t]!) this.move(t, values.length, false);
    const at = 2 * this.start(t);
    for (let i = 0; i < values.length; i++) {
      this.pool[at + 2 * i] = values[i]!;
      this.pool[at + 2 * i + 1] = freqs[i]!;
    }
    this.heads[HEAD * t + 1] = values.length;
  }

  /** Empties list t and gives its room up. */
  clear(t: number): void {
    this.dead += this.rooms[t]!;
    this.heads[HEAD * t + 1] = 0;
    this.rooms[t] = 0;
  }

  /** Removes the entry at position `at` of list t. */
  removeAt(t: number, at: number): void {
    const start = this.start(t);
    const length = this.length(t);
    this.pool.copyWithin(2 * (start + at), 2 * (start + at + 1), 2 * (start + length));
    this.heads[HEAD * t + 1] = length - 1;
  }

  /** Renumbers the lists: list k becomes the one that was `order[k]`. */
  permute(order: ArrayLike<number>): void {
    const heads = new Int32Array(this.heads.length);
    const rooms = new Int32Array(this.rooms.length);
    for (let k = 0; k < this.count; k++) {
      const t = order[k]!;
      heads.set(this.heads.subarray(HEAD * t, HEAD * t + HEAD), HEAD * k);
      rooms[k] = this.rooms[t]!;
    }
    this.heads = heads;
    this.rooms = rooms;
  }

  /**
   * Rewrites the pool with each list's room cut to its entries and an eighth of the pool spare: for
   * when few lists will grow (the index after its build).
   */
  trim(): void {
    for (let t = 0; t < this.count; t++) this.rooms[t] = this.length(t);
    this.compact(8);
  }

  /**
   * Gives list t `room` places at the end of the pool, with its entries unless `keep` is false,
   * rewriting the pool first when needed.
   */
  private move(t: number, room: number, keep = true): void {
    if (2 * (this.used + room) > this.pool.length) {
      if (this.dead > this.used / 4) this.compact(1);
      if (2 * (this.used + room) > this.pool.length) {
        const size = Math.max(this.pool.length * 2, 2 * (this.used + room));
        this.pool = grown(this.pool, new Int32Array(size));
      }
    }
    if (keep) {
      const start = this.start(t);
      this.pool.copyWithin(2 * this.used, 2 * start, 2 * (start + this.length(t)));
    }
    this.dead += this.rooms[t]!;
    this.heads[HEAD * t] = this.used;
    this.rooms[t] = room;
    this.used += room;
  }

  /**
   * Rewrites the pool with the lists in order and each one's room kept, the pool's size their rooms
   * and 1 / `spare` of that again.
   */
  private compact(spare: number): void {
    let rooms = 0;
    for (let t = 0; t < this.count; t++) rooms += this.rooms[t]!;
    const pool = new Int32Array(2 * Math.max(rooms + Math.ceil(rooms / spare), 1 << 16));
    let at = 0;
    for (let t = 0; t < this.count; t++) {
      const start = this.start(t);
      pool.set(this.pool.subarray(2 * start, 2 * (start + this.length(t))), 2 * at);
      this.heads[HEAD * t] = at;
      at += this.rooms[t]!;
    }
    this.pool = pool;
    this.used = at;
    this.dead = 0;
  }
}

/** `to`, a larger array, with `from`'s values at its start. */
export function grown<T extends Int8Array | Int32Array | Uint32Array | Float32Array | Float64Array>(
  from: T,
  to: T,
): T {
  to.set(from);
  return to;
}
