import type { QueryClient } from '@tanstack/react-query';
import { requireFlag } from '../../lib/guards';

/**
 * /toolkit-gallery is behind the TOOLKIT_GALLERY development flag (signed in, else 401; flag off, 403). Kept apart
 * from the page so the route table does not pull the gallery (and the editor) into the main bundle.
 */
export function toolkitGalleryLoader(queryClient: QueryClient) {
  return async () => {
    await requireFlag(queryClient, 'TOOLKIT_GALLERY');
    return null;
  };
}
