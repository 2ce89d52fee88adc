import crypto from 'node:crypto';

/** UTC timestamp as stored in the database (ISO-8601, millisecond precision, 'Z'). */
export const nowIso = (): string => new Date().toISOString();

/** New opaque id for a row. */
export const newId = (): string => crypto.randomUUID();
