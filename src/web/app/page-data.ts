import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { PromptDetail } from '@shared/marketplace';
import { PAGE_PATHS } from '@shared/routes';
import { promptQueryKey } from '@/features/marketplace/api/get-prompt';

/*
 * A page the server rendered with its data (decision 019: a prompt's page, as an anonymous visitor
 * sees it) carries that data in a JSON block (src/server/plugins/spa-render.ts). The server's render
 * and the browser's first render start from it alike, so the browser hydrates the same page.
 */

const PAGE_DATA_ID = 'page-data';

/**
 * The data the server put in the page, or undefined. The block is taken out of the page: its data
 * belongs to the first page only, and the document should not go on carrying it to the next.
 */
export function readPageData(): unknown {
  const element = document.getElementById(PAGE_DATA_ID);
  const text = element?.textContent;
  element?.remove();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Puts a page's data in the query cache, as stale: the browser still fetches its own copy once the
 * session is known (that request is the one that counts the prompt's view), and shows this meanwhile.
 */
export function seedPageData(client: QueryClient, pathname: string, data: unknown): void {
  if (data === undefined || data === null) return;
  const prompt = matchPath(PAGE_PATHS.marketplacePrompt, pathname);
  if (!prompt?.params.id) return;
  const queryKey = promptQueryKey(prompt.params.id, null);
  client.setQueryData(queryKey, data as PromptDetail);
  void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
}
