import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@shared/site';
import { api } from './api-client';

/*
 * The deployment's facts (GET /api/site/config): demo mode and its accounts, and what the site may
 * say of itself: an encrypted connection only over https, the payment provider actually configured,
 * the currency, the models that answer live. A page the server rendered carries them (spa-render.ts),
 * so its claims are drawn the same on both sides; other pages ask once.
 */

const SITE_CONFIG_ID = 'site-config';

// Read as the server's answer, without zod: this module is in every page's first download (decision 011).
export function getSiteConfig(signal?: AbortSignal): Promise<SiteConfig> {
  return api.get<SiteConfig>('/site/config', undefined, signal);
}

export function getSiteConfigQueryOptions() {
  return queryOptions({
    queryKey: ['site', 'config'],
    queryFn: ({ signal }) => getSiteConfig(signal),
    // Fixed for the server's lifetime.
    staleTime: Infinity,
    // Without it a claim is simply not made and the admin login shows no demo box; a toast would be noise.
    meta: { silent: true },
  });
}

/** The facts, or undefined while they load (a claim that depends on them is then left out). */
export function useSiteConfig() {
  return useQuery(getSiteConfigQueryOptions());
}

/** Puts the facts a rendered page came with in the query cache (nothing when it came without). */
export function seedSiteConfig(client: QueryClient, value: unknown): void {
  if (typeof value === 'object' && value !== null) {
    client.setQueryData(getSiteConfigQueryOptions().queryKey, value as SiteConfig);
  }
}

/** The facts the server put in the page, taken out of it (they belong to the first render). */
export function readSiteConfig(): unknown {
  return readDataBlock(SITE_CONFIG_ID);
}

/** A JSON data block's value, removed from the document; undefined when missing or unreadable. */
export function readDataBlock(id: string): unknown {
  const element = document.getElementById(id);
  const text = element?.textContent;
  element?.remove();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** 'Claude', 'Claude and ChatGPT', 'Claude, ChatGPT and Perplexity'; null for none. */
export function listInWords(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
