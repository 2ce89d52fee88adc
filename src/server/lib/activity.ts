import type { Kysely } from 'kysely';
import { compiledOnce } from '../db/precompiled';
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

const insertEvent = compiledOnce(
  7,
  (
    db,
    id: string,
    type: ActivityType,
    actorId: string | null,
    promptId: string | null,
    subjectId: string | null,
    data: string,
    createdAt: string,
  ) =>
    db.insertInto('activity_events').values({
      id,
      type,
      actor_id: actorId,
      prompt_id: promptId,
      subject_id: subjectId,
      data,
      created_at: createdAt,
    }),
);

/** Records an event (compiled once: a like records one). */
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
  await insertEvent(
    db,
    newId(),
    event.type,
    event.actorId,
    event.promptId ?? null,
    event.subjectId ?? null,
    JSON.stringify(event.data ?? {}),
    nowIso(),
  );
}
