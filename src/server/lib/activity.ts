import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { newId, nowIso } from './time';

/** Activity the platform records: the admin feed shows it and trending is computed from it. */
export type ActivityType =
  | 'user.registered'
  | 'prompt.published'
  | 'prompt.liked'
  | 'prompt.downloaded'
  | 'prompt.tried'
  | 'prompt.purchased'
  | 'prompt.reviewed'
  | 'payment.succeeded'
  | 'payment.refunded'
  | 'subscription.started'
  | 'subscription.canceled'
  | 'prompt.moderated';

export async function recordActivity(
  db: Kysely<DB>,
  event: {
    type: ActivityType;
    actorId: string | null;
    promptId?: string | null;
    subjectId?: string | null;
    data?: object;
  },
): Promise<void> {
  await db
    .insertInto('activity_events')
    .values({
      id: newId(),
      type: event.type,
      actor_id: event.actorId,
      prompt_id: event.promptId ?? null,
      subject_id: event.subjectId ?? null,
      data: JSON.stringify(event.data ?? {}),
      created_at: nowIso(),
    })
    .execute();
}
