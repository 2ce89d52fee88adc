import net from 'node:net';

/*
 * A TCP relay between the server under test and PostgreSQL. `cut()` is PostgreSQL going away as a
 * restart looks from the app: every open connection drops and new ones are refused. `restore()`
 * is it coming back on the same address. The machine's PostgreSQL itself is never touched.
 */
export interface Relay {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startRelay(target: { host: string; port: number }, port: number): Promise<Relay> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        resolve();
      });
    });

  const cut = async () => {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  await listen();
  return { port, cut, restore: listen, close: cut };
}
