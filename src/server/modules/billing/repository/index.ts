/*
 * All SQL of billing, by what it is about. Only billing's own files import this: other modules ask
 * billing's service (service.ts).
 */
export * from './current-plan';
export * from './payments';
export * from './plans';
export * from './purchases';
export * from './subscriptions';
