import { useWrite } from '../../lib/mutation';
import { createGroup, groupKeys } from './api';

/** POST /api/groups: the account's groups are refetched before the new group counts as created. */
export function useCreateGroup() {
  return useWrite({
    mutationFn: (name: string) => createGroup(name),
    invalidates: () => [groupKeys.all],
  });
}
