import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/*
 * Spec section 9: queries retry up to 3 times, never on a 4xx other than 429, with a delay doubling
 * from 1 s up to 30 s; data is fresh for 5 minutes by default; mutations are not retried.
 */

export const MAX_QUERY_RETRIES = 3;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429)
    return false;
  return true;
}

export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 30_000);
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
