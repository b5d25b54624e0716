import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type FormEvent, useCallback, useMemo, useState } from 'react';
import { Form, Input, Label, SearchField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { formatNumber } from '../../lib/format';
import { routeId } from '../../lib/guards';
import { useMediaQuery } from '../../shell/useMediaQuery';
import { Button } from '../../ui/Button';
import { AppDialog, DialogCloseActions } from '../../ui/Dialog';
import { EmptyState, LoadFailedAlert } from '../../ui/Feedback';
import { brandQuery } from '../brands/api';
import { ContentsSkeleton } from '../library/LibrarySkeleton';
import { type MetadataProperty, metadataPropertiesQuery, searchBody, searchQuery } from './api';
import { Facets } from './Facets';
import { FilterBuilder } from './FilterBuilder';
import { FilterChips } from './FilterChips';
import { fieldChoices } from './fields';
import { ResultsToolbar, SearchResults } from './SearchResults';
import { formatSearch, parseSearch, type SearchState, toggleFacetValue } from './url';
import './search.css';

/** Below this width the filter panel moves into a dialog opened by "Filters (n)". */
export const FILTERS_IN_DIALOG = '(max-width: 767.98px)';

/**
 * /brands/:brandId/search (decision 0041): the words, the filter panel (add a filter, the facets), the active filters
 * as chips, and the results. Everything is in the address: each change is a new history entry (but the view, which
 * replaces it), so back and forward walk through the searches and a copied address opens the same one.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const brandId = routeId(useParams().brandId);
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => parseSearch(location.search), [location.search]);
  const brand = useQuery(brandQuery(brandId));
  const propertiesQuery = useQuery(metadataPropertiesQuery(brandId));
  const properties: MetadataProperty[] = propertiesQuery.data ?? [];
  const propertiesSettled = !propertiesQuery.isPending;
  const narrow = useMediaQuery(FILTERS_IN_DIALOG);
  const [filtersOpen, setFiltersOpen] = useState(false);

  const go = useCallback((next: SearchState, replace = false) => void navigate({ search: formatSearch(next) }, { replace }), [navigate]);

  const active = state.q.trim() !== '' || state.filters.length > 0;
  const body = useMemo(() => searchBody(brandId, state, properties), [brandId, state, properties]);
  const results = useInfiniteQuery({ ...searchQuery(body), enabled: active && propertiesSettled, placeholderData: keepPreviousData });
  const assets = useMemo(() => results.data?.pages.flatMap((p) => p.items) ?? [], [results.data]);
  const first = results.data?.pages[0];
  const total = first?.total ?? 0;
  const choices = useMemo(() => fieldChoices(properties), [properties]);

  const clearFilters = () => go({ ...state, filters: [] });
  const panel = (
    <>
      <section className="search-panel__section" aria-labelledby="search-add-filter">
        <h2 id="search-add-filter" className="search-panel__title">
          {t('search.builder.title')}
        </h2>
        <FilterBuilder choices={choices} onAdd={(filter) => go({ ...state, filters: [...state.filters, filter] })} />
      </section>
      {active ? (
        <section className="search-panel__section" aria-labelledby="search-facets">
          <h2 id="search-facets" className="search-panel__title">
            {t('search.facets.title')}
          </h2>
          {first ? (
            <Facets
              facets={first.facets}
              filters={state.filters}
              properties={properties}
              onToggle={(field, value) => go({ ...state, filters: toggleFacetValue(state.filters, field, value) })}
            />
          ) : null}
        </section>
      ) : null}
    </>
  );
  const title = brand.data ? t('search.pageTitleBrand', { brand: brand.data.name }) : t('search.pageTitle');

  return (
    <div className="search-page">
      <title>{t('page.title', { title: state.q ? `${state.q} · ${title}` : title })}</title>
      <div className="search-page__header">
        <h1 className="search-page__title">{title}</h1>
        <QueryForm key={state.q} initial={state.q} onSearch={(q) => go({ ...state, q })} />
        {narrow ? (
          <Button className="search-page__filters-button" onPress={() => setFiltersOpen(true)} aria-haspopup="dialog">
            {t('search.filtersButton', { count: state.filters.length })}
          </Button>
        ) : null}
        <FilterChips
          filters={state.filters}
          properties={properties}
          onRemove={(index) => go({ ...state, filters: state.filters.filter((_, i) => i !== index) })}
          onClear={clearFilters}
        />
      </div>
      <div className="search-page__body">
        {narrow ? (
          <AppDialog title={t('search.filtersTitle')} isOpen={filtersOpen} onOpenChange={setFiltersOpen} size="md">
            <div className="search-panel search-panel--dialog">{panel}</div>
            <DialogCloseActions>{t('search.showResults', { count: total, formatted: formatNumber(total) })}</DialogCloseActions>
          </AppDialog>
        ) : (
          <aside className="search-panel" aria-label={t('search.filtersTitle')}>
            {panel}
          </aside>
        )}
        <section className="search-page__results" aria-label={t('search.results.label')}>
          {!active ? (
            <EmptyState title={t('search.hint.title')}>{t('search.hint.text')}</EmptyState>
          ) : (
            <>
              <ResultsToolbar
                total={total}
                pending={results.isPending}
                sort={state.sort}
                onSort={(sort) => go({ ...state, sort })}
                view={state.view}
                onView={(view) => go({ ...state, view }, true)}
              />
              {results.isPending ? (
                <ContentsSkeleton view={state.view} />
              ) : results.isError ? (
                <LoadFailedAlert title={t('search.results.failed')} error={results.error} onRetry={() => void results.refetch()} />
              ) : assets.length === 0 ? (
                <EmptyState
                  title={state.q ? t('search.empty.titleWords', { words: state.q }) : t('search.empty.title')}
                  action={
                    state.filters.length > 0 ? (
                      <Button variant="primary" onPress={clearFilters}>
                        {t('search.clearFilters')}
                      </Button>
                    ) : undefined
                  }
                >
                  {t('search.empty.text')}
                </EmptyState>
              ) : (
                <SearchResults
                  brandId={brandId}
                  assets={assets}
                  view={state.view}
                  hasMore={results.hasNextPage}
                  loadingMore={results.isFetchingNextPage}
                  onMore={() => void results.fetchNextPage()}
                  busy={results.isPlaceholderData}
                />
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}

/** The words of the search, sent with Enter or the button; it starts from the address's words. */
function QueryForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(q.trim());
  };
  return (
    <Form role="search" className="search-page__form" onSubmit={submit}>
      <SearchField className="field search-page__field" value={q} onChange={setQ} onClear={() => onSearch('')}>
        <Label className="visually-hidden">{t('search.query.label')}</Label>
        <Input className="field__input" placeholder={t('search.query.placeholder')} />
      </SearchField>
      <Button type="submit" variant="primary">
        {t('search.query.submit')}
      </Button>
    </Form>
  );
}
