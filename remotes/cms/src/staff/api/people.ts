import { listPeopleEndpoint, setRolesEndpoint, type SetRolesRequest } from '@croft/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@croft/query';
import { callAsStaff, staffKeys } from './staff-client';

/** Everyone with a role or a pending grant (GET /api/identity/admin/people), read on each visit. */
export function peopleQuery(userId: string) {
  return queryOptions({
    queryKey: staffKeys.people(userId),
    queryFn: async () => (await callAsStaff(listPeopleEndpoint)).items,
    staleTime: 0,
    meta: { errorMessage: 'The people list could not be read' },
  });
}

export function usePeople(userId: string) {
  return useQuery(peopleQuery(userId));
}

/**
 * Sets one person's whole role set by email (PUT /api/identity/admin/people/roles); the people list
 * and identity's audit events are read again afterwards.
 */
export function useSetRoles(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SetRolesRequest) => callAsStaff(setRolesEndpoint, { body: request }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.people(userId) }),
        queryClient.invalidateQueries({ queryKey: staffKeys.audit(userId, 'identity') }),
      ]);
    },
  });
}
