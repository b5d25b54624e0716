import type { MetadataValue } from './rules.js';
import type { CustomMetadataType, DependencyType, MetadataPermissionLevel, SubjectGroup } from './schemas.js';

/** Answers of the custom metadata routes (decision 0040). */

export interface CustomMetadataOption {
  id: number;
  value: string;
  is_default: boolean;
}

export interface CustomMetadataDependency {
  property_id: number;
  type: DependencyType;
  property_option_ids: number[];
}

export interface CustomMetadataPermissions {
  basic: { subject: SubjectGroup; level: MetadataPermissionLevel }[];
  /** A user (user_id) or a user group (group_id), with its display name. */
  custom: { user_id: number | null; group_id: number | null; name: string; level: MetadataPermissionLevel }[];
}

/** GET /api/brand/{id}/custom-metadata-properties, one property. */
export interface CustomMetadataPropertyResponse {
  id: number;
  brand_id: number;
  name: string;
  help_text: string;
  type: CustomMetadataType;
  is_required: boolean;
  is_searchable: boolean;
  is_viewable: boolean;
  /** Of the property's type; SELECT: the default option's id; MULTISELECT: the default options' ids; null = none. */
  default_value: MetadataValue | null;
  should_be_opened_in_a_new_tab: boolean;
  unit: string | null;
  options: CustomMetadataOption[];
  dependency: CustomMetadataDependency | null;
  /** Properties this one may not depend on (they would close a cycle), itself included. */
  forbidden_dependee_property_ids: number[];
  /** Libraries that use it; [] = every library of the brand. */
  project_ids: number[];
  permissions: CustomMetadataPermissions;
  created_at: string;
  modified_at: string;
  /** Assets that hold a value. */
  asset_count: number;
  can_admin: boolean;
  can_edit: boolean;
}

export interface CustomMetadataPropertiesResponse {
  properties: CustomMetadataPropertyResponse[];
}

export interface CustomMetadataPropertyDeleteResponse {
  success: true;
  /** Asset values deleted with the property. */
  removed_value_count: number;
}

/** An asset's value of one property (asset payload `custom_metadata`). */
export interface AssetCustomMetadataValue {
  property_id: number;
  /** The property's type, to read `value` by (the server always sends it). */
  type?: CustomMetadataType;
  value: MetadataValue;
}

/** POST /api/asset/custom-metadata */
export interface AssetMetadataChangeResponse {
  success: true;
  asset_count: number;
  /** Value rows written or deleted. */
  changed: number;
}

export type MetadataSelectionState = 'NONE' | 'SAME' | 'MIXED';

/** How one property's values lie on a selection: on none, the same on all, or mixed (differing, or some without). */
export interface MetadataSelectionItem {
  property_id: number;
  /** The property's type (the server always sends it). */
  type?: CustomMetadataType;
  state: MetadataSelectionState;
  /** The common value when SAME; null otherwise. */
  value: MetadataValue | null;
  /** Assets of the selection with a value. */
  count: number;
}

/** POST /api/asset/custom-metadata/selection: per property that applies to every library of the selection. */
export interface MetadataSelectionResponse {
  asset_count: number;
  properties: MetadataSelectionItem[];
}
