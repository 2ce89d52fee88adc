import { z } from 'zod';

/*
 * A listing's licence: what its text may be used for (issue 57, decision 058). The server's remix
 * and publish rules (creator/remix.ts) and every screen that names a licence read it from here.
 */

export const LICENCES = ['personal', 'commercial', 'cc-by-4.0', 'cc0'] as const;
export type Licence = (typeof LICENCES)[number];

/** Prompts made before licences existed, and a new prompt unless its creator picks another. */
export const DEFAULT_LICENCE: Licence = 'personal';

/** The licences a paid prompt may carry: a Creative Commons one would let every buyer share it. */
export const PAID_LICENCES: readonly Licence[] = ['personal', 'commercial'];

export interface LicenceTerms {
  label: string;
  /** One sentence, as the listing, the checkout, the receipt and the export state it. */
  summary: string;
  /** Where the full terms are (the Creative Commons deed), if anywhere. */
  url: string | null;
  /** A remix of it may be published (shared), not only kept for its maker's own use. */
  remixMayBeShared: boolean;
}

export const LICENCE_TERMS: Record<Licence, LicenceTerms> = {
  personal: {
    label: 'Personal use',
    summary:
      'Use and adapt the text in your own non-commercial work; do not share, publish or sell it or a changed copy.',
    url: null,
    remixMayBeShared: false,
  },
  commercial: {
    label: 'Commercial use',
    summary:
      "Use and adapt the text in your own and your clients' commercial work; do not share, publish or resell it or a changed copy.",
    url: null,
    remixMayBeShared: false,
  },
  'cc-by-4.0': {
    label: 'CC BY 4.0',
    summary:
      'Share and adapt the text for any purpose, giving credit to its creator (Creative Commons Attribution 4.0).',
    url: 'https://creativecommons.org/licenses/by/4.0/',
    remixMayBeShared: true,
  },
  cc0: {
    label: 'CC0',
    summary: 'No rights reserved: use, share and adapt the text for any purpose (Creative Commons Zero 1.0).',
    url: 'https://creativecommons.org/publicdomain/zero/1.0/',
    remixMayBeShared: true,
  },
};

export const LICENCE_MESSAGES = {
  unknown: 'Licence must be personal, commercial, cc-by-4.0 or cc0',
  paid: 'A paid prompt must use the Personal use or Commercial use licence',
} as const;

export const LicenceSchema = z.enum(LICENCES, { error: LICENCE_MESSAGES.unknown });

/** The licence rule of a listing: a paid one carries a licence that keeps its text to buyers. */
export const licenceProblem = (p: { premium: boolean; licence: Licence }): string | null =>
  p.premium && !PAID_LICENCES.includes(p.licence) ? LICENCE_MESSAGES.paid : null;

/** A licence as a listing shows it. */
export const LicenceInfoSchema = z.object({
  id: LicenceSchema,
  label: z.string(),
  summary: z.string(),
  url: z.string().nullable(),
});
export type LicenceInfo = z.infer<typeof LicenceInfoSchema>;

export function licenceInfo(id: string): LicenceInfo {
  const known = (LICENCES as readonly string[]).includes(id) ? (id as Licence) : DEFAULT_LICENCE;
  const t = LICENCE_TERMS[known];
  return { id: known, label: t.label, summary: t.summary, url: t.url };
}
