import type { Category } from '../../../shared/constants';

/** One hand-written demo prompt. Counts, dates and ratings are generated around it in demo.ts. */
export interface PromptSeed {
  title: string;
  description: string;
  category: Category;
  /** Lowercase, 3 to 5 of them. */
  tags: string[];
  /** Key of the creator in demo-people.ts. */
  author: string;
  /** 0 makes the prompt free; anything else makes it premium at that price in cents. */
  priceMinor: number;
  content: string;
  status?: 'published' | 'draft' | 'archived';
  featured?: boolean;
  trending?: boolean;
  moderationNote?: string;
}
