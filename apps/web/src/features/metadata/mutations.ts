import type { CreateMetadataPropertyBody, UpdateMetadataPropertyBody } from '@emblem/core';
import { useTranslation } from 'react-i18next';
import { useWrite } from '../../lib/mutation';
import { assetKeys } from '../library/api';
import { createProperty, deleteProperty, metadataKeys, moveProperty, refusalOf, updateProperty } from './api';

/**
 * Writes to a brand's properties. Every change reads the brand's property lists again (the brand's and each
 * library's); a change that can alter asset values (options removed, a property deleted) refreshes the assets too.
 */
const lists = (brandId: number) => [metadataKeys.propertiesOfBrand(brandId)];

export function useCreateProperty(brandId: number) {
  return useWrite({
    mutationFn: (body: CreateMetadataPropertyBody) => createProperty(brandId, body),
    invalidates: () => lists(brandId),
  });
}

export function useUpdateProperty(brandId: number) {
  return useWrite({
    mutationFn: ({ id, body }: { id: number; body: UpdateMetadataPropertyBody }) => updateProperty(id, body),
    invalidates: () => lists(brandId),
    refreshes: () => [assetKeys.all],
  });
}

export function useDeleteProperty(brandId: number) {
  const { t } = useTranslation();
  return useWrite({
    mutationFn: (id: number) => deleteProperty(id),
    invalidates: () => lists(brandId),
    refreshes: () => [assetKeys.all],
    failureMessage: (error) => refusalOf(error, t('metadata.deleteFailed')),
  });
}

export function useMoveProperty(brandId: number) {
  const { t } = useTranslation();
  return useWrite({
    mutationFn: ({ id, position }: { id: number; position: number }) => moveProperty(id, position),
    invalidates: () => lists(brandId),
    failureMessage: (error) => refusalOf(error, t('metadata.moveFailed')),
  });
}
