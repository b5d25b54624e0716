import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { ComboBox, Header, Input, Label, ListBox, ListBoxItem, ListBoxSection, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatch, useNavigate } from 'react-router';
import { isShortcutBlocked } from '../../lib/keyboard';
import { useMediaQuery } from '../../shell/useMediaQuery';
import { Button } from '../../ui/Button';
import { suggestionsQuery } from './api';
import { EMPTY_SEARCH, formatSearch, parseSearch } from './url';
import { useDebounced } from './useDebounced';
import './search.css';

/** Below this width the field folds into a button in the header. */
export const COMPACT_SEARCH = '(max-width: 599.98px)';
export const SUGGEST_DEBOUNCE_MS = 150;

/** The search field in the header on every page of a brand (`/brands/:brandId/...`); nothing elsewhere. */
export function HeaderSearch() {
  const match = useMatch('/brands/:brandId/*');
  const brandId = Number(match?.params.brandId);
  if (!match || !Number.isSafeInteger(brandId) || brandId <= 0) return null;
  return <HeaderSearchField key={brandId} brandId={brandId} />;
}

function HeaderSearchField({ brandId }: { brandId: number }) {
  const { t } = useTranslation();
  const compact = useMediaQuery(COMPACT_SEARCH);
  const [expanded, setExpanded] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const shown = !compact || expanded;

  // "/" anywhere on the page (but in a field, a dialog or a menu) goes to the search field.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isShortcutBlocked(event)) return;
      event.preventDefault();
      setExpanded(true);
      // The field may only now be rendered (folded on a phone).
      requestAnimationFrame(() => inputRef.current?.focus());
      inputRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!shown) {
    return (
      <Button
        variant="ghost"
        className="header-search__open"
        aria-label={t('search.header.open')}
        onPress={() => {
          setExpanded(true);
          requestAnimationFrame(() => inputRef.current?.focus());
        }}
      >
        <span aria-hidden="true">⌕</span>
      </Button>
    );
  }
  return (
    <div className={`header-search${compact ? ' header-search--overlay' : ''}`}>
      <SearchCombobox brandId={brandId} inputRef={inputRef} onDone={() => setExpanded(false)} autoFocus={compact} />
      {compact ? (
        <Button variant="ghost" className="header-search__close" aria-label={t('search.header.close')} onPress={() => setExpanded(false)}>
          <span aria-hidden="true">×</span>
        </Button>
      ) : null}
    </div>
  );
}

type Choice = { key: string; to: string };

/**
 * The combobox: what is typed asks for suggestions (after a 150 ms pause; a newer term drops the older request),
 * shown in three groups. Arrows move through them, Enter or a click opens the chosen asset, folder or tag; Enter
 * on no suggestion searches for the words on the results page; Escape closes the list, then clears the field.
 */
export function SearchCombobox({
  brandId,
  inputRef,
  onDone,
  autoFocus,
}: {
  brandId: number;
  inputRef?: React.RefObject<HTMLInputElement | null>;
  onDone?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const onResults = useMatch('/brands/:brandId/search') !== null;
  const [term, setTerm] = useState('');
  const words = term.trim();
  const debounced = useDebounced(words, SUGGEST_DEBOUNCE_MS);
  const suggestions = useQuery({
    ...suggestionsQuery(brandId, debounced),
    enabled: debounced.length > 0,
    placeholderData: keepPreviousData,
  });
  const data = words && debounced ? suggestions.data : undefined;
  const base = `/brands/${brandId}`;

  const choices: Choice[] = [];
  const assets = (data?.assets ?? []).map((a) => ({ ...a, key: `asset:${a.id}`, to: `${base}/projects/${a.project_id}/assets/${a.id}` }));
  const folders = (data?.folders ?? []).map((f) => ({
    ...f,
    key: `folder:${f.id}`,
    to: `${base}/projects/${f.project_id}/folders/${f.id}`,
  }));
  const tags = (data?.tags ?? []).map((tag) => ({
    ...tag,
    key: `tag:${tag.value}`,
    to: `${base}/search${formatSearch({ ...EMPTY_SEARCH, filters: [{ field: 'tags', operator: 'IS', values: [tag.value] }] })}`,
  }));
  choices.push(...assets, ...folders, ...tags);

  /** The results page for the words; on the results page the filters, sort and view stay. */
  const searchWords = () => {
    const current = onResults ? parseSearch(location.search) : EMPTY_SEARCH;
    void navigate(`${base}/search${formatSearch({ ...current, q: words })}`);
    setTerm('');
    onDone?.();
  };

  const choose = (key: string) => {
    const choice = choices.find((c) => c.key === key);
    if (key === 'all') return searchWords();
    if (!choice) return;
    void navigate(choice.to);
    setTerm('');
    onDone?.();
  };

  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const input = event.target as HTMLInputElement;
    if (event.key === 'Enter' && !input.getAttribute('aria-activedescendant') && words) {
      // No suggestion is focused: the words go to the results page.
      event.preventDefault();
      event.stopPropagation();
      searchWords();
      // The list closes (it hides the page from assistive technology while open).
      input.blur();
    } else if (event.key === 'Escape' && !term && onDone) {
      onDone();
    }
  };

  return (
    // Enter and Escape of the combobox's input are caught here on their way down.
    <div className="header-search__box" onKeyDownCapture={onKeyDownCapture}>
      <ComboBox
        className="header-search__combobox"
        menuTrigger="input"
        allowsCustomValue
        // "No suggestions" only once there are words to suggest for.
        allowsEmptyCollection={words.length > 0}
        inputValue={term}
        onInputChange={setTerm}
        selectedKey={null}
        onSelectionChange={(key) => key !== null && choose(String(key))}
        // The server matched the words (typos too): nothing is filtered out here.
        defaultFilter={() => true}
      >
        <Label className="visually-hidden">{t('search.header.label')}</Label>
        <span className="header-search__icon" aria-hidden="true">
          ⌕
        </span>
        <Input
          ref={inputRef}
          className="header-search__input"
          placeholder={t('search.header.placeholder')}
          // The field was opened on purpose (the folded header's search button).
          autoFocus={autoFocus}
        />
        <span className="header-search__hint" aria-hidden="true">
          /
        </span>
        <Popover className="header-search__popover" placement="bottom start" data-popover="">
          <ListBox
            className="header-search__list"
            renderEmptyState={() => (
              <p className="header-search__empty">{suggestions.isFetching ? t('search.header.loading') : t('search.header.none')}</p>
            )}
          >
            {assets.length > 0 ? (
              <ListBoxSection id="assets" className="header-search__section">
                <Header className="header-search__heading">{t('search.header.assets')}</Header>
                {assets.map((a) => (
                  <ListBoxItem key={a.key} id={a.key} textValue={a.title} className="header-search__option">
                    {a.thumbnail_url ? (
                      <img className="header-search__thumb" src={a.thumbnail_url} alt="" />
                    ) : (
                      <span className="header-search__thumb" aria-hidden="true" />
                    )}
                    <span className="header-search__text">{a.title}</span>
                    <span className="header-search__meta">{a.type}</span>
                  </ListBoxItem>
                ))}
              </ListBoxSection>
            ) : null}
            {folders.length > 0 ? (
              <ListBoxSection id="folders" className="header-search__section">
                <Header className="header-search__heading">{t('search.header.folders')}</Header>
                {folders.map((f) => (
                  <ListBoxItem key={f.key} id={f.key} textValue={f.name} className="header-search__option">
                    <span className="header-search__glyph" aria-hidden="true">
                      ▤
                    </span>
                    <span className="header-search__text">{f.name}</span>
                  </ListBoxItem>
                ))}
              </ListBoxSection>
            ) : null}
            {tags.length > 0 ? (
              <ListBoxSection id="tags" className="header-search__section">
                <Header className="header-search__heading">{t('search.header.tags')}</Header>
                {tags.map((tag) => (
                  <ListBoxItem key={tag.key} id={tag.key} textValue={tag.value} className="header-search__option">
                    <span className="header-search__glyph" aria-hidden="true">
                      #
                    </span>
                    <span className="header-search__text">{tag.value}</span>
                    <span className="header-search__meta">{t('search.header.tagCount', { count: tag.count })}</span>
                  </ListBoxItem>
                ))}
              </ListBoxSection>
            ) : null}
            {choices.length > 0 ? (
              <ListBoxSection id="all-results" className="header-search__section">
                <ListBoxItem
                  id="all"
                  textValue={t('search.header.all', { words })}
                  className="header-search__option header-search__option--all"
                >
                  {t('search.header.all', { words })}
                </ListBoxItem>
              </ListBoxSection>
            ) : null}
          </ListBox>
        </Popover>
      </ComboBox>
    </div>
  );
}
