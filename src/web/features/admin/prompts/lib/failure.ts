import { ApiError } from '@/lib/api-client';

/** The spec's admin error toasts use the server's message when there is one, else their own words. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code !== 'NETWORK_ERROR' && error.message) return error.message;
  return fallback;
}
