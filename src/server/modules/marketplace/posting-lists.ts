/*
 * The search index's lists of numbers with a frequency (search-index.ts), all in one Int32Array and
 * one Float32Array: per term, the ordinals of the documents holding it (its posting list) and the
 * term's weighted frequency in each; and per document, its term ids and their frequencies. A list
 * has room to grow in place; when it is full it moves to the end of the arrays with twice the room
 * (or, when it is replaced whole, with the room its new entries need). Growing by moves leaves about
 * as much space behind as the lists hold: the arrays are rewritten whenever they are full with a
 * quarter of them left behind, and `trim` rewrites them with no room to spare once the bulk is in
 * (after a build).
 *
 * One typed array rather than a JavaScript array per term: the lists hold millions of numbers on a
 * large catalogue, which in JavaScript arrays the garbage collector visits one by one on every
 * major collection (about a quarter of the app's heap on 100 000 prompts); a typed array's
 * contents are outside the heap it marks.
 */

const FIRST_ROOM = 2;

export class PostingLists {
  /** Every list's entries; `start(t)` to `start(t) + length(t)` are term t's. */
  private pool = new Int32Array(1 << 16);
  /** Each entry's weighted frequency, at the same place. */
  private freqPool = new Float32Array(1 << 16);
  private used = 0;
  private dead = 0;
  private starts = new Int32Array(1024);
  private lengths = new Int32Array(1024);
  private rooms = new Int32Array(1024);
  private count = 0;

  /** The shared array: read a list at `start(t)`, and read it again after any change. */
  get data(): Int32Array {
    return this.pool;
  }

  /** The entries' frequencies, at the same places as in `data`. */
  get freqs(): Float32Array {
    return this.freqPool;
  }

  get size(): number {
    return this.count;
  }

  start(t: number): number {
    return this.starts[t]!;
  }

  length(t: number): number {
    return this.lengths[t]!;
  }

  /** Adds an empty list; gives its number. */
  add(): number {
    if (this.count === this.starts.length) {
      const size = this.count * 2;
      this.starts = grown(this.starts, new Int32Array(size));
      this.lengths = grown(this.lengths, new Int32Array(size));
      this.rooms = grown(this.rooms, new Int32Array(size));
    }
    return this.count++;
  }

  /** Inserts `value` with its frequency at position `at` of list t (its length: appends). */
  insert(t: number, at: number, value: number, freq: number): void {
    const length = this.lengths[t]!;
    if (length === this.rooms[t]) this.move(t, Math.max(FIRST_ROOM, length * 2));
    const start = this.starts[t]!;
    if (at < length) {
      this.pool.copyWithin(start + at + 1, start + at, start + length);
      this.freqPool.copyWithin(start + at + 1, start + at, start + length);
    }
    this.pool[start + at] = value;
    this.freqPool[start + at] = freq;
    this.lengths[t] = length + 1;
  }

  /** Makes list t hold exactly these entries, with their frequencies. */
  replace(t: number, values: Int32Array, freqs: Float32Array): void {
    if (values.length > this.rooms[t]!) this.move(t, values.length, false);
    const start = this.starts[t]!;
    this.pool.set(values, start);
    this.freqPool.set(freqs, start);
    this.lengths[t] = values.length;
  }

  /** Empties list t and gives its room up. */
  clear(t: number): void {
    this.dead += this.rooms[t]!;
    this.lengths[t] = 0;
    this.rooms[t] = 0;
  }

  /** Removes the entry at position `at` of list t. */
  removeAt(t: number, at: number): void {
    const start = this.starts[t]!;
    const length = this.lengths[t]!;
    this.pool.copyWithin(start + at, start + at + 1, start + length);
    this.freqPool.copyWithin(start + at, start + at + 1, start + length);
    this.lengths[t] = length - 1;
  }

  /** Renumbers the lists: list k becomes the one that was `order[k]`. */
  permute(order: ArrayLike<number>): void {
    const starts = new Int32Array(this.starts.length);
    const lengths = new Int32Array(this.lengths.length);
    const rooms = new Int32Array(this.rooms.length);
    for (let k = 0; k < this.count; k++) {
      const t = order[k]!;
      starts[k] = this.starts[t]!;
      lengths[k] = this.lengths[t]!;
      rooms[k] = this.rooms[t]!;
    }
    this.starts = starts;
    this.lengths = lengths;
    this.rooms = rooms;
  }

  /**
   * Rewrites the pool with each list's room cut to its entries and an eighth of the pool spare: for
   * when few lists will grow (the index after its build).
   */
  trim(): void {
    for (let t = 0; t < this.count; t++) this.rooms[t] = this.lengths[t]!;
    this.compact(8);
  }

  /**
   * Gives list t `room` places at the end of the pool, with its entries unless `keep` is false,
   * rewriting the pool first when needed.
   */
  private move(t: number, room: number, keep = true): void {
    if (this.used + room > this.pool.length) {
      if (this.dead > this.used / 4) this.compact(1);
      if (this.used + room > this.pool.length) {
        const size = Math.max(this.pool.length * 2, this.used + room);
        this.pool = grown(this.pool, new Int32Array(size));
        this.freqPool = grown(this.freqPool, new Float32Array(size));
      }
    }
    if (keep) {
      const start = this.starts[t]!;
      this.pool.copyWithin(this.used, start, start + this.lengths[t]!);
      this.freqPool.copyWithin(this.used, start, start + this.lengths[t]!);
    }
    this.dead += this.rooms[t]!;
    this.starts[t] = this.used;
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
    const pool = new Int32Array(Math.max(rooms + Math.ceil(rooms / spare), 1 << 16));
    const freqs = new Float32Array(pool.length);
    let at = 0;
    for (let t = 0; t < this.count; t++) {
      const start = this.starts[t]!;
      const end = start + this.lengths[t]!;
      pool.set(this.pool.subarray(start, end), at);
      freqs.set(this.freqPool.subarray(start, end), at);
      this.starts[t] = at;
      at += this.rooms[t]!;
    }
    this.pool = pool;
    this.freqPool = freqs;
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
