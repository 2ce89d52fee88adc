import type { ChatReply } from '@shared/playground';
import { type ChatStreamHandlers, streamReply } from './send-message';

/*
 * POST /api/playground/sessions/:id/regenerate and /continue: a new reply to a user message (the
 * old ones stay as alternatives), or more of a reply the length limit cut. Both stream like the chat.
 */

const base = (sessionId: string) => `/playground/sessions/${encodeURIComponent(sessionId)}`;

export function streamRegenerate(
  sessionId: string,
  body: { messageId: string; model?: string },
  handlers: ChatStreamHandlers,
  signal?: AbortSignal,
): Promise<ChatReply> {
  return streamReply(`${base(sessionId)}/regenerate`, body, handlers, signal);
}

export function streamContinue(
  sessionId: string,
  messageId: string,
  handlers: ChatStreamHandlers,
  signal?: AbortSignal,
): Promise<ChatReply> {
  return streamReply(`${base(sessionId)}/continue`, { messageId }, handlers, signal);
}
