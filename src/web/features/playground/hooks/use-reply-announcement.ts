import { useState } from 'react';
import type { ModelInfo } from '@shared/playground';
import { isBusy, replyAnnouncement } from '../lib/announce';
import { describeMessageModel, modelName } from '../lib/models';
import type { ChatItem } from './chat-state';

/**
 * The polite status under the conversation: "Claude is replying…", then "Claude finished replying."
 * Only a change of the newest reply speaks, so opening a saved conversation stays quiet.
 */
export function useReplyAnnouncement(items: readonly ChatItem[], models: readonly ModelInfo[]) {
  let index = -1;
  for (let i = items.length - 1; i >= 0; i--) {
    if (items[i]!.role === 'ai') {
      index = i;
      break;
    }
  }
  const reply = index >= 0 ? items[index]! : null;
  const phase = reply?.status ?? null;
  const [seen, setSeen] = useState<{ index: number; phase: typeof phase }>({ index, phase });
  const [text, setText] = useState('');
  // Adjusting state while rendering (react.dev "storing information from previous renders").
  if (seen.index !== index || seen.phase !== phase) {
    setSeen({ index, phase });
    if (reply && phase) {
      const name = reply.choice
        ? modelName(reply.choice, models)
        : describeMessageModel(reply.modelId, models).name;
      const said = replyAnnouncement(seen.index === index ? seen.phase : null, phase, name);
      if (said) setText(said);
    }
  }
  return { text, busy: isBusy(phase) };
}
