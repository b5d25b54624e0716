import { useQueryClient } from '@tanstack/react-query';
import { useWrite } from '../../lib/mutation';
import { type CreateProjectBody, createProject, projectKeys, projectQuery } from './api';

/** POST /api/project: the new project goes into the cache and the brand's projects are refetched. */
export function useCreateProject(brandId: number) {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: (body: CreateProjectBody) => createProject(body),
    onSuccess: (project) => queryClient.setQueryData(projectQuery(project.id).queryKey, project),
    invalidates: () => [projectKeys.ofBrand(brandId)],
  });
}
