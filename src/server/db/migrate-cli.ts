import { loadConfig } from '../config';
import { migrateToLatest, openDatabase } from './database';

/** `npm run db:migrate`: brings the configured database up to date. */
const config = loadConfig();
const database = openDatabase(config.databaseUrl);
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await database.close();
}
