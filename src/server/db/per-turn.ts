/**
 * Lookups by key made during one turn of the event loop, answered by one read sent after all of them
 * arrived: on PostgreSQL each statement is a round trip whose client work (writing to the socket,
 * parsing the answer) costs more than the lookup itself, and concurrent requests often ask at once.
 * A caller never joins a read that was already sent, so every answer is read after its caller asked,
 * as a read of its own would be (the catalogue's version is read the same way: response-cache.ts).
 * `load` gets each key once and answers with what it found; a key it leaves out is not there.
 */
export function perTurn<K, V>(
  load: (keys: K[]) => Promise<Map<K, V>>,
  maxKeys = 100,
): (key: K) => Promise<V | undefined> {
  let open: { keys: Set<K>; read: Promise<Map<K, V>> } | null = null;
  return (key) => {
    if (!open || (open.keys.size >= maxKeys && !open.keys.has(key))) {
      const batch: { keys: Set<K>; read: Promise<Map<K, V>> } = {
        keys: new Set(),
        read: new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          if (open === batch) open = null;
          return load([...batch.keys]);
        }),
      };
      open = batch;
    }
    open.keys.add(key);
    return open.read.then((found) => found.get(key));
  };
}
