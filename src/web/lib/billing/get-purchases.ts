import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PurchasedPrompt } from '@shared/billing';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { billingKeys } from './query-keys';

/**
 * GET /api/payments/purchases: the premium prompts the user has bought and still owns. The schema
 * (and zod) load with the first request: the marketplace asks only for a signed-in user.
 */
export async function getPurchases(signal?: AbortSignal): Promise<PurchasedPrompt[]> {
  const [{ PurchasedPromptListSchema }, body] = await Promise.all([
    import('@shared/billing'),
    api.get<unknown>('/payments/purchases', undefined, signal),
  ]);
  return PurchasedPromptListSchema.parse(body).prompts;
}

export function getPurchasesQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.purchases(),
    queryFn: ({ signal }) => getPurchases(signal),
    staleTime: 60 * 1000,
    // 'Owned' marks are a nicety on the marketplace; settings shows its own state.
    meta: { silent: true },
  });
}

/** The bought prompts of the signed-in user; idle for visitors. */
export function usePurchases() {
  const { status } = useAuth();
  return useQuery({ ...getPurchasesQueryOptions(), enabled: status === 'authenticated' });
}
