import { useTranslation } from 'react-i18next';
import type { Asset } from '../library/api';
import { missingRequiredOf } from './api';
import './metadata.css';

/**
 * A small mark on a library tile or row: the asset lacks values of required properties (the list flag
 * `include_required_custom_metadata_property_ids_without_value`). Shown to those who may fill them in.
 */
export function MissingMetadataBadge({ asset, compact = false }: { asset: Asset; compact?: boolean }) {
  const { t } = useTranslation();
  const count = missingRequiredOf(asset).length;
  if (count === 0 || !asset.permissions?.canEdit) return null;
  return (
    <span className={`badge badge--warning metadata-missing${compact ? ' metadata-missing--inline' : ''}`} data-testid="metadata-missing">
      {t('metadata.library.missing', { count })}
    </span>
  );
}
