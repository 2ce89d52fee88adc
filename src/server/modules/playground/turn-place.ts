import { AppError } from '../../lib/errors';
import { pathTo } from './branches';
import type * as repo from './repository';
import type { TurnRequest } from './turn';

/*
 * Where a turn goes in the conversation's tree (decision 051): a new message follows the branch
 * shown (or, edited, takes the place of an earlier message as its sibling); a regenerated reply is
 * a sibling of the replies to the same user message; a continued reply extends a reply the length
 * limit cut.
 */

export interface Placement {
  /** The branch the model reads, up to where the turn goes. */
  path: repo.MessageRow[];
  /** The parent of the new user message (a new message only). */
  parentId: string | null;
  /** The user message the reply answers, when it exists already (regenerate, continue). */
  answers: string | null;
  /** The cut reply this turn continues. */
  continues: repo.MessageRow | null;
  /** Messages the turn adds to the session's count. */
  added: number;
  /** The model the turn asks for (regenerate and continue; a message names its own). */
  model: string;
}

const MESSAGE_NOT_FOUND = 'This message could not be found.';

/** `leafId`: the last message of the branch shown; `sessionModel`: the model a regenerate uses by default. */
export function placeTurn(
  req: TurnRequest,
  leafId: string | null,
  rows: repo.MessageRow[],
  sessionModel: string,
): Placement {
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (req.kind === 'message') {
    let parentId = leafId;
    if (req.input.editOf) {
      const edited = byId.get(req.input.editOf);
      if (!edited || edited.role !== 'user') throw new AppError('NOT_FOUND_ERROR', MESSAGE_NOT_FOUND);
      parentId = edited.parent_id;
    }
    const path = pathTo(rows, parentId);
    return { path, parentId, answers: null, continues: null, added: 2, model: req.input.model };
  }
  const target = byId.get(req.messageId);
  if (!target) throw new AppError('NOT_FOUND_ERROR', MESSAGE_NOT_FOUND);
  if (req.kind === 'regenerate') {
    const user = target.role === 'user' ? target : target.parent_id ? byId.get(target.parent_id) : undefined;
    if (!user || user.role !== 'user') throw new AppError('NOT_FOUND_ERROR', MESSAGE_NOT_FOUND);
    const model = req.model ?? sessionModel;
    return {
      path: pathTo(rows, user.id),
      parentId: null,
      answers: user.id,
      continues: null,
      added: 1,
      model,
    };
  }
  if (target.role !== 'ai' || target.finish_reason !== 'length' || !target.parent_id) {
    throw new AppError('VALIDATION_ERROR', 'Only a reply cut by the length limit can be continued.');
  }
  return {
    path: pathTo(rows, target.id),
    parentId: null,
    answers: target.parent_id,
    continues: target,
    added: 0,
    model: target.model_key ?? sessionModel,
  };
}
