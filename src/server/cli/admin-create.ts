import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import { createOrPromoteAdmin } from '../modules/auth/admins';

/** `npm run admin:create -- --email X --password Y [--name Z]`: creates or promotes an admin. */
const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});
const parsed = z
  .object({
    email: z.email({ message: '--email must be an e-mail address' }),
    password: z
      .string({ error: '--password is required' })
      .min(8, '--password must be at least 8 characters'),
    name: z.string().optional(),
  })
  .safeParse(values);
if (!parsed.success) {
  console.error(parsed.error.issues.map((i) => i.message).join('\n'));
  console.error(
    'Usage: npm run admin:create -- --email admin@example.com --password "a long password" [--name "Ada"]',
  );
  process.exit(2);
}

const config = loadConfig();
const database = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(database.db);
  const result = await createOrPromoteAdmin(database.db, parsed.data);
  console.log(
    result.created ? `Created admin ${parsed.data.email}.` : `${parsed.data.email} is now an admin.`,
  );
} finally {
  await database.close();
}
