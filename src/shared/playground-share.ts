import { z } from 'zod';
import { SourceSchema } from './playground';

/** Share links of playground conversations (issue 55, decision 059). */

export const SHARE_MESSAGES = {
  nothingToShare: 'There is nothing to share yet: send a message first.',
  notFound: 'This shared conversation could not be found. Its owner may have stopped sharing it.',
  stopped: 'The link no longer works.',
} as const;

/** The owner's view of a conversation's link. */
export const ShareSchema = z.object({
  id: z.string(),
  /** The page's path, `/share/<id>`. */
  path: z.string(),
  /** Messages the link shows. */
  messageCount: z.number().int(),
  /** False when the conversation went on after the link was made or updated. */
  upToDate: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Share = z.infer<typeof ShareSchema>;

export const ShareStateSchema = z.object({ share: ShareSchema.nullable() });

export const ShareParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** What anyone with the link reads: the messages, never the owner, their settings or their files. */
export const SharedConversationSchema = z.object({
  title: z.string(),
  sharedAt: z.string(),
  /** The marketplace prompt the conversation tried, while it is listed. */
  prompt: z.object({ id: z.string(), title: z.string() }).nullable(),
  messages: z.array(
    z.object({
      id: z.string(),
      type: z.enum(['user', 'ai']),
      content: z.string(),
      model: z.string().nullable(),
      sources: z.array(SourceSchema),
      /** Files the owner attached: not shared, only counted. */
      attachments: z.number().int(),
    }),
  ),
});
export type SharedConversation = z.infer<typeof SharedConversationSchema>;
