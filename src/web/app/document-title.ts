import { useEffect } from 'react';

export const SITE_NAME = 'Promptforge';
const HOME_TITLE = `${SITE_NAME} · Create, try, share and sell AI prompts`;

/** 'Features · Promptforge'; without a page title, the home page's title. */
export function documentTitle(pageTitle?: string): string {
  return pageTitle ? `${pageTitle} · ${SITE_NAME}` : HOME_TITLE;
}

export function useDocumentTitle(pageTitle?: string) {
  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle]);
}
