import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import { createOrPromoteAdmin } from '../modules/auth/admins';

/*
 * `npm run admin:create -- --email X [--name Z]`: creates or promotes an admin. The password is typed
 * at a prompt that does not show it, or read from standard input (`... < password-file`), never
 * taken from the command line, where shell history and `ps` would keep it.
 */

const USAGE =
  'Usage: npm run admin:create -- --email admin@example.com [--name "Ada"]\n' +
  'The password is asked for, or read from standard input: printf %s "$PASSWORD" | npm run admin:create -- --email ...';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

/** The first line of standard input, or what the person types at a prompt that does not echo it. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  process.stdout.write('Password (not shown): ');
  // Typed characters are not written back to the terminal.
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
  const answer = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stdout.write('\n');
  return answer;
}

let values;
try {
  ({ values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } }));
} catch (err) {
  fail(
    String(err).includes("'--password'")
      ? '--password is not accepted: a password on the command line stays in shell history and `ps`.'
      : (err as Error).message,
  );
}
const email = z.email().safeParse(values.email);
if (!email.success) fail('--email must be an e-mail address');
const password = await readPassword();
if (password.length < 8) fail('The password must be at least 8 characters');

const config = loadConfig();
const database = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(database.db);
  const result = await createOrPromoteAdmin(database.db, { email: email.data, password, name: values.name });
  console.log(result.created ? `Created admin ${email.data}.` : `${email.data} is now an admin.`);
} finally {
  await database.close();
}
