import { queryOptions, useQuery } from '@croft/query';
import type { EditingClient } from './editing-client';
import { useEditingClient } from './editing-context';
import { editingKeys } from './editing-keys';

/** Every scheduled publish still waiting, soonest first. */
export function schedulesQuery(client: EditingClient) {
  return queryOptions({
    queryKey: editingKeys.schedules,
    queryFn: ({ signal }) => client.schedules({ signal }),
    meta: { errorMessage: '[cms] scheduled publishes could not be read' },
  });
}

export function useSchedules() {
  return useQuery(schedulesQuery(useEditingClient()));
}
