import { z } from 'zod';
import { CATEGORIES, PROMPT_TYPES } from './constants';
import { LicenceInfoSchema } from './licences';

/** "My library" (issue 57): the prompts a user bought, liked and remixed, and its export. */

/** 'team': a prompt of the team's own library (a team API key's library, decision 071). */
export const LIBRARY_RELATIONS = ['bought', 'liked', 'remixed', 'team'] as const;
export type LibraryRelation = (typeof LIBRARY_RELATIONS)[number];

export const LibraryItemSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  type: z.enum(PROMPT_TYPES),
  licence: LicenceInfoSchema,
  author: z.string(),
  /** Why it is in the library: bought, liked, or a remix of the user's. */
  relations: z.array(z.enum(LIBRARY_RELATIONS)),
  /** The current version's number (its earlier versions kept, plus one). */
  version: z.number().int(),
  /** The version the user last saw: the newest they opened, else the one current when it joined. */
  seenVersion: z.number().int(),
  /** A version newer than the one the user last saw exists ("v{seenVersion} → v{version}"). */
  updated: z.boolean(),
  updatedAt: z.string(),
  /** The user may read its text (the export carries it). */
  readable: z.boolean(),
  /** A remix: the prompt it was made from. */
  remixOf: z.object({ slug: z.string(), title: z.string() }).nullable(),
  /**
   * Bought for a team the user is a member of (and not by the user themselves): the team's name.
   * It leaves the library when the user leaves the team.
   */
  boughtFor: z.object({ team: z.string() }).nullable(),
});
export type LibraryItem = z.infer<typeof LibraryItemSchema>;

export const LibrarySchema = z.object({ items: z.array(LibraryItemSchema) });
export type Library = z.infer<typeof LibrarySchema>;

/** POST /api/user/library/:id/seen: whether the prompt is in the library, and the version now seen. */
export const LibrarySeenSchema = z.object({ recorded: z.boolean(), version: z.number().int().nullable() });
export type LibrarySeen = z.infer<typeof LibrarySeenSchema>;

export const LIBRARY_EXPORT_FORMATS = ['md', 'json'] as const;
export const LibraryExportQuerySchema = z.object({
  format: z.enum(LIBRARY_EXPORT_FORMATS, { error: 'Format must be md or json' }).default('md'),
});
