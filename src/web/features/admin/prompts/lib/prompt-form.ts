import {
  type AdminPrompt,
  type AdminPromptFormInput,
  type AdminPromptUpdateInput,
  PROMPT_FORM_MESSAGES,
} from '@shared/admin-prompts';
import { CATEGORIES, type PromptStatus, type PromptType } from '@shared/constants';
import { promptPriceProblem, toMinorExact } from '@shared/pricing';

/** The admin prompt form as the dialog holds it (spec section 3, Admin prompt form). */
export interface PromptFormValues {
  title: string;
  description: string;
  content: string;
  category: string;
  type: PromptType;
  /** As typed: the price input's text. */
  price: string;
  status: PromptStatus;
  featured: boolean;
  trending: boolean;
}

/** A new prompt starts as a draft in the form (spec section 4). */
export const EMPTY_PROMPT_FORM: PromptFormValues = {
  title: '',
  description: '',
  content: '',
  category: '',
  type: 'free',
  price: '0',
  status: 'draft',
  featured: false,
  trending: false,
};

export function formValuesOf(prompt: AdminPrompt): PromptFormValues {
  return {
    title: prompt.title,
    description: prompt.description,
    content: prompt.content,
    category: prompt.category,
    type: prompt.type,
    price: String(prompt.price),
    status: prompt.status,
    featured: prompt.featured,
    trending: prompt.trending,
  };
}

/** The fields that show an error of their own. */
export const PROMPT_FORM_FIELDS = ['title', 'description', 'content', 'category', 'price'] as const;
export type PromptFormField = (typeof PROMPT_FORM_FIELDS)[number];

/**
 * The spec's checks in its order (section 5): title, description, category, content required, content
 * at least 10 characters, a known category; a premium prompt needs a price. The first failure, or null.
 */
export function validatePromptForm(v: PromptFormValues): { field: PromptFormField; message: string } | null {
  if (!v.title.trim()) return { field: 'title', message: PROMPT_FORM_MESSAGES.titleRequired };
  if (!v.description.trim())
    return { field: 'description', message: PROMPT_FORM_MESSAGES.descriptionRequired };
  if (!v.category.trim()) return { field: 'category', message: PROMPT_FORM_MESSAGES.categoryRequired };
  const content = v.content.trim();
  if (!content) return { field: 'content', message: PROMPT_FORM_MESSAGES.contentRequired };
  if (content.length < 10) return { field: 'content', message: PROMPT_FORM_MESSAGES.contentMin };
  if (!(CATEGORIES as readonly string[]).includes(v.category.trim().toLowerCase())) {
    return { field: 'category', message: PROMPT_FORM_MESSAGES.category };
  }
  if (v.type === 'premium') {
    const priceMinor = v.price.trim() ? toMinorExact(Number(v.price)) : Number.NaN;
    if (promptPriceProblem({ premium: true, priceMinor })) {
      return { field: 'price', message: PROMPT_FORM_MESSAGES.price };
    }
  }
  return null;
}

/** What POST /api/admin/prompts gets: trimmed texts, lowercased category, isPaid and price from the type, tags empty. */
export function createBody(v: PromptFormValues): AdminPromptFormInput {
  const premium = v.type === 'premium';
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    content: v.content.trim(),
    category: v.category.trim().toLowerCase() as AdminPromptFormInput['category'],
    tags: [],
    type: v.type,
    isPaid: premium,
    price: premium ? Math.round(Number(v.price) * 100) / 100 : 0,
    status: v.status,
    featured: v.featured,
    trending: v.trending,
  };
}

/**
 * What PUT /api/admin/prompts/:id gets: only status, featured and trending (the spec's edit) unless a
 * content field changed, then the whole form (our extension). Trending is sent only when it changed,
 * since sending it pins it against the periodic refresh.
 */
export function updateBody(original: AdminPrompt, v: PromptFormValues): AdminPromptUpdateInput {
  const full = createBody(v);
  const contentChanged =
    full.title !== original.title ||
    full.description !== original.description ||
    full.content !== original.content ||
    full.category !== original.category ||
    full.type !== original.type ||
    (full.type === 'premium' && full.price !== original.price);
  const quick: AdminPromptUpdateInput = { status: v.status, featured: v.featured };
  if (v.trending !== original.trending) quick.trending = v.trending;
  if (!contentChanged) return quick;
  const { tags: _tags, trending: _trending, ...form } = full;
  return { ...form, ...quick };
}
