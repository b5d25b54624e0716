import { type AssetExpiryFilter, expiryState, isAssetExpiryFilter } from '@emblem/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/Feedback';
import { SelectField } from '../../ui/SelectField';
import type { Asset } from './api';
import './expiry.css';

/**
 * Expiring assets in the library (decision 0033): a badge on expired and soon-expiring assets, and a filter kept in
 * the address (`?expiry=expiring_soon` or `?expiry=expired`) that the folder listing passes to the server.
 */

/** The folder's expiry filter from the address, and a setter that replaces the history entry (a view change). */
export function useExpiryFilter(): [AssetExpiryFilter | null, (next: AssetExpiryFilter | null) => void] {
  const [search, setSearch] = useSearchParams();
  const value = search.get('expiry');
  const filter = isAssetExpiryFilter(value) ? value : null;
  const setFilter = useCallback(
    (next: AssetExpiryFilter | null) =>
      setSearch(
        (current) => {
          const params = new URLSearchParams(current);
          if (next) params.set('expiry', next);
          else params.delete('expiry');
          return params;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return [filter, setFilter];
}

const ALL = 'all';

/** The toolbar's "Show: All assets / Expiring soon / Expired" choice. */
export function ExpiryFilterField({
  value,
  onChange,
}: {
  value: AssetExpiryFilter | null;
  onChange: (next: AssetExpiryFilter | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      className="field--compact library-toolbar__expiry"
      label={t('library.expiry.filterLabel')}
      hideLabel
      options={[
        { id: ALL, label: t('library.expiry.all') },
        { id: 'expiring_soon', label: t('library.expiry.expiringSoon') },
        { id: 'expired', label: t('library.expiry.expired') },
      ]}
      value={value ?? ALL}
      onChange={(key) => onChange(isAssetExpiryFilter(key) ? key : null)}
    />
  );
}

/** "Expired", or "Expires <date>" within 30 days; nothing otherwise. */
export function ExpiryBadge({ asset, compact = false }: { asset: Pick<Asset, 'expires_at' | 'is_expired'>; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const state = asset.is_expired ? 'expired' : expiryState(asset.expires_at, Date.now());
  if (!state) return null;
  // Within 30 days the month and day say enough, and fit a tile.
  const date = asset.expires_at ? new Date(asset.expires_at).toLocaleDateString(i18n.language, { month: 'short', day: 'numeric' }) : '';
  return state === 'expired' ? (
    <span className={`expiry-badge badge badge--danger${compact ? ' expiry-badge--inline' : ''}`} data-testid="expiry-badge">
      {t('library.expiry.badgeExpired')}
    </span>
  ) : (
    <span className={`expiry-badge badge badge--warning${compact ? ' expiry-badge--inline' : ''}`} data-testid="expiry-badge">
      {t('library.expiry.badgeSoon', { date })}
    </span>
  );
}

/** What an empty filtered folder says, with the way back to all its assets. */
export function ExpiryEmptyState({ filter, onClear }: { filter: AssetExpiryFilter; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="library__empty">
      <EmptyState
        title={t(filter === 'expired' ? 'library.expiry.emptyExpiredTitle' : 'library.expiry.emptySoonTitle')}
        action={
          <Button variant="primary" onPress={onClear}>
            {t('library.expiry.showAll')}
          </Button>
        }
      >
        {t('library.expiry.emptyText')}
      </EmptyState>
    </div>
  );
}
