import {
  createSecretWordEndpoint,
  listAllSecretWordsEndpoint,
  reorderSecretWordsEndpoint,
  updateSecretWordEndpoint,
  type SecretWordRow,
} from '@croft/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@croft/query';
import { callAsStaff } from '../../staff/api/staff-client';

/** Query keys of the secret words screen: the user id keeps one person's cached answers from another's. */
export const secretWordKeys = {
  all: (userId: string) => ['staff', userId, 'secret-words'] as const,
};

/** Every word with its id: the active ones in order, then the retired ones (read on each visit). */
export function secretWordListQuery(userId: string) {
  return queryOptions({
    queryKey: secretWordKeys.all(userId),
    queryFn: async ({ signal }) => (await callAsStaff(listAllSecretWordsEndpoint, {}, { signal })).items,
    staleTime: 0,
    meta: { errorMessage: 'The secret words could not be read' },
  });
}

export function useSecretWordList(userId: string) {
  return useQuery(secretWordListQuery(userId));
}

/** Adds a word at the end of the list; the list is read again afterwards. */
export function useAddSecretWord(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (word: string) => callAsStaff(createSecretWordEndpoint, { body: { word } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: secretWordKeys.all(userId) }),
  });
}

/** Retires a word (is_active false) or brings it back at the end; the list is read again afterwards. */
export function useSetSecretWordActive(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, is_active }: { id: string; is_active: boolean }) =>
      callAsStaff(updateSecretWordEndpoint, { params: { id }, body: { is_active } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: secretWordKeys.all(userId) }),
  });
}

/** Sends the active words' new order (all their ids, each once); answers the list as the service now has it. */
export function sendSecretWordOrder(ids: readonly string[]): Promise<SecretWordRow[]> {
  return callAsStaff(reorderSecretWordsEndpoint, { body: { ids: [...ids] } }).then((answer) => answer.items);
}
