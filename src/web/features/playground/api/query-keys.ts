import { ACCOUNT_QUERY_SCOPE } from '@/lib/auth';

/**
 * The playground's cache keys, inside the account scope so that signing in as someone else drops
 * another person's conversations and usage from the cache.
 */
export const playgroundKeys = {
  all: [ACCOUNT_QUERY_SCOPE, 'playground'] as const,
  models: () => [...playgroundKeys.all, 'models'] as const,
  usage: () => [...playgroundKeys.all, 'usage'] as const,
  sessions: () => [...playgroundKeys.all, 'sessions'] as const,
  session: (id: string) => [...playgroundKeys.all, 'sessions', id] as const,
  promptTry: (id: string) => [...playgroundKeys.all, 'prompt-try', id] as const,
  upload: (id: string) => [...playgroundKeys.all, 'upload', id] as const,
  share: (sessionId: string) => [...playgroundKeys.all, 'share', sessionId] as const,
};
