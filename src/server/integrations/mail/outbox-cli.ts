import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';

/** `npm run mail:outbox [-- --limit N]`: the newest mails the app kept or sent, newest first. */
const args = process.argv.slice(2);
const limitArg = args.indexOf('--limit');
const limit = limitArg >= 0 ? Number(args[limitArg + 1]) || 10 : 10;

const config = loadConfig();
const database = openDatabase(config.databaseUrl);
try {
  const rows = await database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  if (rows.length === 0) console.log('The outbox is empty.');
  for (const row of rows) {
    console.log(`──────── ${row.created_at}  [${row.status}]`);
    console.log(`To:      ${row.to_address}`);
    console.log(`Subject: ${row.subject}\n`);
    console.log(row.text_body);
    console.log();
  }
} finally {
  await database.close();
}
