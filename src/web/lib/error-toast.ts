import type { QueryClient } from '@tanstack/react-query';
import { type ErrorCode, ERROR_CODES, ERROR_TOASTS, UNEXPECTED_MESSAGE } from '@shared/errors';
import { ApiError } from './api-client';
import { withToast } from './lazy-toast';

/*
 * The one place that turns a failure into the spec's destructive toast (spec section 8, "Error
 * toasts"). Queries toast here automatically; screens with their own notice opt out with
 * `meta: { silent: true }`.
 */

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}

export interface AppQueryMeta extends Record<string, unknown> {
  /** The screen shows this failure itself: no toast. */
  silent?: boolean;
}

export interface ErrorToastContent {
  title: string;
  description: string;
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Title and description for an error: per code from the catalogue; validation errors carry the server's words. */
export function errorToastContent(error: unknown): ErrorToastContent {
  if (error instanceof ApiError && isErrorCode(error.code)) {
    const entry = ERROR_TOASTS[error.code];
    if (error.code === 'VALIDATION_ERROR')
      return { title: entry.title, description: error.message || entry.description };
    return entry;
  }
  return {
    title: 'Error',
    description: error instanceof Error && error.message ? error.message : UNEXPECTED_MESSAGE,
  };
}

/**
 * Shows the destructive toast for an error. `overrides` lets a screen use its own words
 * (e.g. 'Error loading prompts') while keeping one look and one toast at a time.
 */
export function showErrorToast(error: unknown, overrides: Partial<ErrorToastContent> = {}) {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  const content = { ...errorToastContent(error), ...overrides };
  // The same failure from several queries at once (say, the network drops) shows as one toast.
  withToast((toast) =>
    toast.error(content.title, {
      id: `error:${content.title}:${content.description}`,
      description: content.description,
    }),
  );
}

/**
 * Hooks the toasts into a QueryClient: a query that fails (after its retries) toasts once unless
 * its meta says silent; a mutation toasts unless it is silent or handles errors in its own onError.
 * Returns the unsubscribe function.
 */
export function attachErrorToasts(queryClient: QueryClient): () => void {
  const offQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    if (event.query.meta?.silent) return;
    showErrorToast(event.action.error);
  });
  const offMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    const { mutation } = event;
    if (mutation.meta?.silent || mutation.options.onError) return;
    showErrorToast(event.action.error);
  });
  return () => {
    offQueries();
    offMutations();
  };
}
