import type {
  AssetCustomMetadataValue,
  AssetMetadataChangeResponse,
  CreateMetadataPropertyBody,
  CustomMetadataPropertiesResponse,
  CustomMetadataPropertyDeleteResponse,
  CustomMetadataPropertyResponse,
  MetadataSelectionResponse,
  MetadataValue,
  MetadataValueAction,
  UpdateMetadataPropertyBody,
} from '@emblem/core';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';

/**
 * Custom metadata (decision 0040; docs/api.md "Custom metadata"): a brand's properties (or those a library uses),
 * their management, values on assets and how the values lie on a selection.
 */

export type MetadataProperty = CustomMetadataPropertyResponse;
export type { MetadataSelectionItem, MetadataSelectionResponse, MetadataValue } from '@emblem/core';

export const metadataKeys = {
  all: ['custom-metadata'] as const,
  propertiesOfBrand: (brandId: number) => [...metadataKeys.all, 'properties', brandId] as const,
  properties: (brandId: number, projectId: number | null) => [...metadataKeys.propertiesOfBrand(brandId), projectId ?? 'brand'] as const,
  selection: (assetIds: readonly number[]) => [...metadataKeys.all, 'selection', assetIds.join(',')] as const,
};

/** GET /api/brand/{id}/custom-metadata-properties: the brand's properties in order, or (project_id) those a library uses. */
export function propertiesQuery(brandId: number, projectId: number | null = null) {
  const query = projectId === null ? '' : `?${new URLSearchParams({ project_id: String(projectId) })}`;
  return queryOptions({
    queryKey: metadataKeys.properties(brandId, projectId),
    queryFn: ({ signal }) => api<CustomMetadataPropertiesResponse>(`/api/brand/${brandId}/custom-metadata-properties${query}`, { signal }),
    select: (data) => data.properties,
  });
}

export function createProperty(brandId: number, body: CreateMetadataPropertyBody): Promise<MetadataProperty> {
  return api<MetadataProperty>(`/api/brand/${brandId}/custom-metadata-properties`, { method: 'POST', body });
}

export function updateProperty(id: number, body: UpdateMetadataPropertyBody): Promise<MetadataProperty> {
  return api<MetadataProperty>(`/api/custom-metadata-property/${id}`, { method: 'PATCH', body });
}

export function deleteProperty(id: number): Promise<CustomMetadataPropertyDeleteResponse> {
  return api<CustomMetadataPropertyDeleteResponse>(`/api/custom-metadata-property/${id}`, { method: 'DELETE' });
}

/** Moves a property to `position` (its new index in the brand's order). */
export function moveProperty(id: number, position: number): Promise<unknown> {
  return api(`/api/custom-metadata-property/${id}/move`, { method: 'POST', body: { position } });
}

export interface MetadataChange {
  asset_ids: number[];
  action: MetadataValueAction;
  values: { property_id: number; value?: MetadataValue }[];
}

/** POST /api/asset/custom-metadata: one change on every asset named, all or nothing. */
export function changeAssetMetadata(body: MetadataChange): Promise<AssetMetadataChangeResponse> {
  return api<AssetMetadataChangeResponse>('/api/asset/custom-metadata', { method: 'POST', body });
}

/** POST /api/asset/custom-metadata/selection: per property that applies, how its values lie on the assets. */
export function selectionQuery(assetIds: readonly number[]) {
  return queryOptions({
    queryKey: metadataKeys.selection(assetIds),
    queryFn: ({ signal }) =>
      api<MetadataSelectionResponse>('/api/asset/custom-metadata/selection', { method: 'POST', body: { asset_ids: assetIds }, signal }),
    staleTime: 0,
  });
}

/** An asset's values by property id (asset payload `custom_metadata`). */
export function valuesOf(asset: { custom_metadata?: readonly unknown[] | null }): Map<number, MetadataValue> {
  const values = (asset.custom_metadata ?? []) as readonly AssetCustomMetadataValue[];
  return new Map(values.map((v) => [v.property_id, v.value]));
}

/** Required properties without a value on a listed asset (the list flag of POST /api/asset/list). */
export function missingRequiredOf(asset: object): number[] {
  const ids = (asset as { required_custom_metadata_property_ids_without_value?: unknown })
    .required_custom_metadata_property_ids_without_value;
  return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
}

/** The server's message for a field (`name`, `options`, `values.0.value`…), if it sent one. */
export function fieldErrorOf(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fieldError(field) : undefined;
}

/** The server's words for a refusal: the first field message, else the envelope's error, else `fallback`. */
export function refusalOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const field = Object.values(error.errors).find((messages) => messages.length > 0)?.[0];
    return field ?? error.error ?? fallback;
  }
  return fallback;
}
