import { searchListScrolls } from '@emblem/core';
import { type KeyboardEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Setting } from '../setting/Setting';
import type { ChoiceOption } from './ChoiceSettings';
import type { FieldOptions } from './TextSetting';

export interface SearchChooserSettingProps<T extends string | number> extends FieldOptions<T | null> {
  options: ChoiceOption<T>[];
  placeholder?: string;
}

/**
 * Search chooser: type to filter, arrow keys move through the matches (the list scrolls when the index is
 * above 7 going down or below 4 going up), Enter or a click chooses and saves at once.
 */
export function SearchChooserSetting<T extends string | number>({ options, placeholder, ...props }: SearchChooserSettingProps<T>) {
  return (
    <Setting<T | null> {...props} hideLabel mode="direct">
      {(setting) => (
        <SearchList
          label={props.label}
          options={options}
          value={setting.draft}
          placeholder={placeholder}
          readonly={setting.readonly}
          onChoose={(value) => setting.change(value)}
          invalid={Boolean(setting.errors[setting.name])}
        />
      )}
    </Setting>
  );
}

function SearchList<T extends string | number>({
  label,
  options,
  value,
  placeholder,
  readonly,
  onChoose,
  invalid,
}: {
  label: ReactNode;
  options: ChoiceOption<T>[];
  value: T | null;
  placeholder?: string;
  readonly: boolean;
  onChoose: (value: T) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const [highlight, setHighlight] = useState(-1);
  const listRef = useRef<HTMLDivElement>(null);
  const matches = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    return needle ? options.filter((o) => o.label.toLocaleLowerCase().includes(needle)) : options;
  }, [options, query]);
  const chosen = options.find((o) => o.value === value);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (matches.length === 0) return;
      const next =
        event.key === 'ArrowDown' ? Math.min(matches.length - 1, highlight + 1) : Math.max(0, highlight === -1 ? 0 : highlight - 1);
      setHighlight(next);
      if (searchListScrolls(next, event.key)) {
        listRef.current?.querySelector<HTMLElement>(`[data-index="${next}"]`)?.scrollIntoView({ block: 'nearest' });
      }
    } else if (event.key === 'Enter') {
      const option = matches[highlight];
      if (option && !option.disabled) {
        event.preventDefault();
        onChoose(option.value);
      }
    }
  };

  return (
    <div className="search-chooser">
      <label className="field__label" htmlFor={`${id}-input`}>
        {label}
      </label>
      <p className="search-chooser__current">
        {t('toolkit.searchChooser.current')}: <strong>{chosen?.label ?? t('toolkit.setting.empty')}</strong>
      </p>
      <input
        id={`${id}-input`}
        className="field__input"
        type="search"
        role="combobox"
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={highlight >= 0 && matches[highlight] ? `${id}-option-${highlight}` : undefined}
        aria-invalid={invalid || undefined}
        placeholder={placeholder ?? t('toolkit.searchChooser.placeholder')}
        value={query}
        readOnly={readonly}
        onChange={(e) => {
          setQuery(e.target.value);
          setHighlight(-1);
        }}
        onKeyDown={onKeyDown}
      />
      <div
        id={`${id}-list`}
        ref={listRef}
        role="listbox"
        aria-label={typeof label === 'string' ? label : undefined}
        className="search-chooser__list"
      >
        {matches.map((option, index) => (
          // biome-ignore lint/a11y/useFocusableInteractive: the combobox keeps focus and points at the option (aria-activedescendant).
          // biome-ignore lint/a11y/useKeyWithClickEvents: options are chosen with the arrow keys and Enter in the combobox.
          <div
            key={String(option.value)}
            id={`${id}-option-${index}`}
            role="option"
            data-index={index}
            aria-selected={option.value === value}
            aria-disabled={option.disabled || readonly || undefined}
            data-highlighted={index === highlight || undefined}
            className="search-chooser__option"
            onClick={() => {
              if (!option.disabled && !readonly) onChoose(option.value);
            }}
          >
            {option.label}
          </div>
        ))}
        {matches.length === 0 ? <p className="search-chooser__empty">{t('toolkit.searchChooser.noMatch')}</p> : null}
      </div>
    </div>
  );
}
