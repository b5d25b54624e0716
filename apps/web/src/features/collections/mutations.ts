import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { useWrite } from '../../lib/mutation';
import {
  addCollectionAssets,
  type Collection,
  collectionKeys,
  createCollection,
  deleteCollection,
  removeCollectionAssets,
  updateCollection,
} from './api';

/** A change of one collection alters the lists (names, counts, covers), the collection and its assets: all of them. */
const touched = () => [collectionKeys.all];

/** POST /api/project/{id}/collections. */
export function useCreateCollection(projectId: number) {
  return useWrite({
    mutationFn: (body: { name: string; description: string }) => createCollection(projectId, body),
    invalidates: () => touched(),
  });
}

/** PATCH /api/collection/{id}: name, description, place. */
export function useUpdateCollection(id: number) {
  return useWrite({
    mutationFn: (body: { name?: string; description?: string; position?: number }) => updateCollection(id, body),
    invalidates: () => touched(),
  });
}

export function useDeleteCollection(id: number) {
  const { t } = useTranslation();
  return useWrite({
    mutationFn: () => deleteCollection(id),
    invalidates: () => touched(),
    failureMessage: (error) => errorMessage(error, t('collections.deleteFailed')),
  });
}

/** POST /api/collection/{id}/assets: adds (or moves, for assets already in it) at `position`. */
export function useAddToCollection() {
  const { t } = useTranslation();
  return useWrite({
    mutationFn: ({ collection, assetIds, position }: { collection: Pick<Collection, 'id'>; assetIds: number[]; position?: number }) =>
      addCollectionAssets(collection.id, { asset_ids: assetIds, ...(position === undefined ? {} : { position }) }),
    invalidates: () => touched(),
    failureMessage: (error) => errorMessage(error, t('collections.addFailed')),
  });
}

export function useRemoveFromCollection(id: number) {
  const { t } = useTranslation();
  return useWrite({
    mutationFn: (assetIds: number[]) => removeCollectionAssets(id, assetIds),
    invalidates: () => touched(),
    failureMessage: (error) => errorMessage(error, t('collections.removeFailed')),
  });
}
