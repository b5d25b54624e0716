import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { useWrite } from '../../lib/mutation';
import { type Brand, brandKeys, brandQuery, createBrand, deleteBrand, setFavourite } from './api';

/** POST /api/brand: the new brand goes into the cache and the brand list is refetched. */
export function useCreateBrand() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: (body: { name: string }) => createBrand(body),
    onSuccess: (brand) => queryClient.setQueryData(brandQuery(brand.id).queryKey, brand),
    invalidates: () => [brandKeys.list()],
  });
}

/** DELETE /api/brand/{id}. */
export function useDeleteBrand(brand: Brand) {
  const { t } = useTranslation();
  return useWrite({
    mutationFn: () => deleteBrand(brand.id),
    // The brand is marked stale without refetching (its page is still mounted): going back to it asks the server again.
    invalidates: () => [{ queryKey: brandKeys.detail(brand.id), refetchType: 'none' }, brandKeys.list()],
    failureMessage: (error) => errorMessage(error, t('brand.deleteFailed')),
  });
}

/** PUT or DELETE /api/brand/{id}/favourite, shown at once in the brand list and undone if it fails. */
export function useFavouriteBrand() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: ({ brand, value }: { brand: Brand; value: boolean }) => setFavourite(brand.id, value),
    onMutate: async ({ brand, value }) => {
      await queryClient.cancelQueries({ queryKey: brandKeys.list() });
      const previous = queryClient.getQueryData<Brand[]>(brandKeys.list());
      queryClient.setQueryData<Brand[]>(brandKeys.list(), (list) =>
        list?.map((b) => (b.id === brand.id ? { ...b, is_favourite: value } : b)),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(brandKeys.list(), context.previous);
    },
    failureMessage: (error, { brand }) =>
      t('dashboard.favouriteFailed', { brand: brand.name, reason: errorMessage(error, t('common.tryAgainLater')) }),
    onSettled: (_data, _error, { brand }) => {
      void queryClient.invalidateQueries({ queryKey: brandKeys.list() });
      void queryClient.invalidateQueries({ queryKey: brandKeys.detail(brand.id) });
    },
  });
}
