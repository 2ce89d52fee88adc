import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PromptStatus } from '@shared/constants';
import { CreatorPromptListSchema } from '@shared/creator';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { creatorKeys } from './query-keys';

/** Spec section 9: the creator's prompts are fresh for 1 minute. */
const MY_PROMPTS_STALE_MS = 60 * 1000;

export type CreatorPromptList = z.infer<typeof CreatorPromptListSchema>;

export interface MyPromptsParams {
  page: number;
  limit: number;
  /** Absent: every status. */
  status?: PromptStatus;
}

/** GET /api/user/prompts?page&limit&status: one page of the signed-in creator's own prompts. */
export async function getMyPrompts(
  params: MyPromptsParams,
  signal?: AbortSignal,
): Promise<CreatorPromptList> {
  return CreatorPromptListSchema.parse(await api.get<unknown>('/user/prompts', { ...params }, signal));
}

export function getMyPromptsQueryOptions(params: MyPromptsParams) {
  return queryOptions({
    queryKey: creatorKeys.prompts(params),
    queryFn: ({ signal }) => getMyPrompts(params, signal),
    staleTime: MY_PROMPTS_STALE_MS,
    meta: { silent: true },
  });
}

/** The previous page stays on screen while the next one loads, so the list does not jump. */
export function useMyPrompts(params: MyPromptsParams) {
  return useQuery({ ...getMyPromptsQueryOptions(params), placeholderData: keepPreviousData });
}
