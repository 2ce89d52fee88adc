import { ANALYTICS_PROMPTS } from './demo-prompts-analytics';
import { BUSINESS_PROMPTS } from './demo-prompts-business';
import { DEVELOPMENT_PROMPTS } from './demo-prompts-development';
import { EDUCATION_PROMPTS } from './demo-prompts-education';
import { MARKETING_PROMPTS } from './demo-prompts-marketing';
import type { PromptSeed } from './demo-prompt-seed';
import { UNPUBLISHED_PROMPTS } from './demo-prompts-unpublished';
import { WRITING_PROMPTS } from './demo-prompts-writing';

export type { PromptSeed } from './demo-prompt-seed';

/** Every hand-written demo prompt: eleven published ones per category, then drafts and one archived. */
export const DEMO_PROMPTS: readonly PromptSeed[] = [
  ...WRITING_PROMPTS,
  ...DEVELOPMENT_PROMPTS,
  ...MARKETING_PROMPTS,
  ...EDUCATION_PROMPTS,
  ...BUSINESS_PROMPTS,
  ...ANALYTICS_PROMPTS,
  ...UNPUBLISHED_PROMPTS,
];
