import type { CustomMetadataPropertyResponse } from '@emblem/core';

/** A property as GET /api/brand/{id}/custom-metadata-properties answers it, for the web tests. */
export function metadataProperty(overrides: Partial<CustomMetadataPropertyResponse> = {}): CustomMetadataPropertyResponse {
  return {
    id: 1,
    brand_id: 1,
    name: 'Property',
    help_text: '',
    type: 'TEXT',
    is_required: false,
    is_searchable: true,
    is_viewable: true,
    default_value: null,
    should_be_opened_in_a_new_tab: false,
    unit: null,
    options: [],
    dependency: null,
    forbidden_dependee_property_ids: [overrides.id ?? 1],
    project_ids: [],
    permissions: { basic: [], custom: [] },
    created_at: '2026-01-01T00:00:00.000Z',
    modified_at: '2026-01-01T00:00:00.000Z',
    asset_count: 0,
    can_admin: true,
    can_edit: true,
    ...overrides,
  };
}
