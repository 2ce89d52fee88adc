import { SMTPServer } from 'smtp-server';

/** A real SMTP server on a local port (a free one by default) that keeps what it receives, for mail tests. */
export async function startSmtpServer(options: { port?: number } = {}) {
  const received: { to: string[]; raw: string }[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves with the next message to `to` (or one already received). */
    async waitFor(to: string, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((m) => m.to.includes(to));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset token in a reset e-mail (quoted-printable soft breaks removed). */
export function resetTokenFrom(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '');
  const match = /\/auth\/reset-password\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error('no reset link in the mail');
  return match[1];
}
