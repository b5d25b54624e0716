import type { AssetSubmittedFilter } from '@emblem/core';
import { useCallback } from 'react';
import { ToggleButton } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, LinkButton } from '../../ui/Button';
import { EmptyState } from '../../ui/Feedback';
import './submitted.css';

/**
 * The library's "Submitted" filter (decision 0035): files sent through a submission request and waiting for an
 * editor, kept in the address (`?submitted=only`) like the expiry filter and passed to the server's listing. Only
 * editors, who can accept or delete those files, get the filter; for others the address's value is ignored.
 */

/** The folder's submitted filter from the address (none for who cannot edit), and a setter that replaces the history entry. */
export function useSubmittedFilter(canEdit: boolean): [AssetSubmittedFilter | null, (next: AssetSubmittedFilter | null) => void] {
  const [search, setSearch] = useSearchParams();
  // The toggle stands for `only` alone: any other value (the server's `exclude` too) leaves the filter off.
  const filter: AssetSubmittedFilter | null = canEdit && search.get('submitted') === 'only' ? 'only' : null;
  const setFilter = useCallback(
    (next: AssetSubmittedFilter | null) =>
      setSearch(
        (current) => {
          const params = new URLSearchParams(current);
          if (next) params.set('submitted', next);
          else params.delete('submitted');
          return params;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return [filter, setFilter];
}

/** The toolbar's "Submitted" toggle: pressed, the folder shows only the files waiting for review. */
export function SubmittedFilterToggle({
  value,
  onChange,
}: {
  value: AssetSubmittedFilter | null;
  onChange: (next: AssetSubmittedFilter | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <ToggleButton
      className="button button--secondary button--sm library-toolbar__submitted"
      isSelected={value === 'only'}
      onChange={(selected) => onChange(selected ? 'only' : null)}
    >
      <span aria-hidden="true" className="library-toolbar__submitted-mark">
        {value === 'only' ? '✓' : ''}
      </span>
      {t('library.submitted.filter')}
    </ToggleButton>
  );
}

/** What an empty "Submitted" listing says: how files arrive, with the way to the requests and back to all assets. */
export function SubmittedEmptyState({
  filter,
  requestsHref,
  onClear,
}: {
  filter: AssetSubmittedFilter;
  requestsHref: string;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="library__empty">
      <EmptyState
        title={t(filter === 'only' ? 'library.submitted.emptyTitle' : 'library.submitted.emptyExcludedTitle')}
        action={
          <div className="library-submitted__actions">
            <Button variant="primary" onPress={onClear}>
              {t('library.submitted.showAll')}
            </Button>
            {filter === 'only' ? <LinkButton href={requestsHref}>{t('library.submitted.requests')}</LinkButton> : null}
          </div>
        }
      >
        {t(filter === 'only' ? 'library.submitted.emptyText' : 'library.submitted.emptyExcludedText')}
      </EmptyState>
    </div>
  );
}
