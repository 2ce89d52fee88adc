import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TestCase, type TestCaseInput, TestCaseResultSchema } from '@shared/prompt-tests';
import { apiRequestWithMessage } from '@/lib/api-client';
import { creatorKeys } from './query-keys';

/** POST /api/user/prompts/:id/tests: one test case (its variables must be the prompt's). */
export async function addTestCase(id: string, body: TestCaseInput): Promise<TestCase> {
  const { data } = await apiRequestWithMessage<unknown>(`/user/prompts/${encodeURIComponent(id)}/tests`, {
    method: 'POST',
    body,
  });
  return TestCaseResultSchema.parse(data).testCase;
}

/** A failure raises the spec's error toast; the form also marks the fields. */
export function useAddTestCase(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TestCaseInput) => addTestCase(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creatorKeys.tests(id) }),
  });
}
