import { type PromptTry, promptVariables } from '../../../shared/playground';
import { AppError } from '../../lib/errors';
import { fromMinor } from '../../lib/money';
import type { AuthContext } from '../../plugins/app/auth';
import { promptAccess } from '../prompt-access/service';
import * as allowances from './allowance';
import type { PlaygroundContext } from './deps';
import * as repo from './repository';

/*
 * Prompt access in the playground: which marketplace prompt a chat may use, and what the browser
 * may know of it. The rules are prompt-access's (the one owner); this reads the prompt's row and asks.
 */

/** A prompt the caller may see, with their access to it (prompt-access decides); else "not found". */
export async function visiblePrompt(
  deps: Pick<PlaygroundContext, 'db'>,
  idOrSlug: string,
  auth: AuthContext,
) {
  const prompt = await repo.findPrompt(deps.db, idOrSlug);
  const access = prompt ? await promptAccess(deps.db, prompt, auth) : null;
  if (!prompt || !access?.visible) {
    throw new AppError('NOT_FOUND_ERROR', 'The requested prompt could not be found.');
  }
  return { prompt, access };
}

/** What the playground needs to try a prompt; the text only for those who may read it. */
export async function promptTry(
  deps: Pick<PlaygroundContext, 'db' | 'config'>,
  auth: AuthContext,
  idOrSlug: string,
): Promise<PromptTry> {
  const { prompt, access } = await visiblePrompt(deps, idOrSlug, auth);
  const total = deps.config.playground.premiumTries;
  const tries = access.canRead ? null : await allowances.triesUsed(deps.db, auth.userId, prompt.id);
  return {
    promptId: prompt.id,
    title: prompt.title,
    type: prompt.type === 'premium' ? 'premium' : 'free',
    variables: promptVariables(prompt.content),
    content: access.canRead ? prompt.content : null,
    triesLeft: tries === null ? null : allowances.triesLeft(tries, total),
    triesTotal: tries === null ? null : total,
    price: fromMinor(prompt.price_minor),
  };
}
