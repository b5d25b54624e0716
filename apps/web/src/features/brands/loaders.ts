import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { requireBrand, requireUser, routeError } from '../../lib/guards';

/** /brands/{brandId}: signed in, and the brand exists (404) and is visible to the user (403). */
export function brandLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    await requireUser(queryClient);
    return requireBrand(queryClient, params.brandId);
  };
}

/** /brands/{brandId}/settings: as the home, and only for those who may change the brand (403 otherwise). */
export function brandSettingsLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    await requireUser(queryClient);
    const brand = await requireBrand(queryClient, params.brandId);
    if (!brand.permissions.canEdit) throw routeError(403);
    return brand;
  };
}
