import type { ReactNode } from 'react';

/** One headed part of a legal document; `id` is its anchor (#id) and must stay stable once published. */
export interface LegalSection {
  id: string;
  title: string;
  content: ReactNode;
}

/*
 * Written out rather than formatted from a Date: `new Date('2026-11-01')` is UTC midnight, which
 * renders as October 31 for every visitor west of Greenwich.
 */
export const LEGAL_LAST_UPDATED = { iso: '2026-11-01', label: 'November 1, 2026' } as const;

export const CONTACT_EMAILS = {
  privacy: 'privacy@promptforge.test',
  support: 'support@promptforge.test',
} as const;

/** The privacy section the Cookie Policy opens on. */
export const COOKIES_SECTION_ID = 'cookies';
