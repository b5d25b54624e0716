import { splitTags } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { libraryTagsQuery } from './api';

/** How long typing rests before the library is asked for suggestions. */
export const TAG_SUGGEST_DELAY_MS = 250;

function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The tag input (settings-toolkit.md "Tags"): a combobox whose text is split on commas, trimmed, with empty entries
 * ignored and duplicates skipped (`splitTags`, also against the tags already there). Enter adds what was typed, a
 * comma adds what stands before it; while typing, the library's tags that contain the last entry are offered in a
 * listbox (↓/↑ to move, Enter to choose, Escape to close).
 */
export function TagInput({
  projectId,
  label,
  description,
  existing,
  busy,
  error,
  onAdd,
  onClearError,
  onTermChange,
}: {
  projectId: number;
  label: string;
  description?: string;
  /** Tags already there: skipped when typed again, and not suggested. */
  existing: readonly string[];
  busy: boolean;
  /** The server's refusal (or ours), shown at the input. */
  error: string | null;
  /** Adds the tags; resolves true when they were saved (the input is then emptied). */
  onAdd: (tags: string[]) => Promise<boolean>;
  onClearError: () => void;
  /** The last entry being typed, once typing rests (the bulk dialog narrows its list with it). */
  onTermChange?: (term: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [localError, setLocalError] = useState<string | null>(null);
  const term = (value.split(',').at(-1) ?? '').trim();
  const settled = useDebounced(term, TAG_SUGGEST_DELAY_MS);
  useEffect(() => onTermChange?.(settled), [settled, onTermChange]);
  const suggestions = useQuery({ ...libraryTagsQuery(projectId, settled), enabled: settled !== '' });
  const taken = new Set(existing.map((tag) => tag.toLocaleLowerCase()));
  const options =
    term !== '' && settled === term ? (suggestions.data?.tags ?? []).filter((s) => !taken.has(s.tag.toLocaleLowerCase())).slice(0, 8) : [];
  const expanded = open && options.length > 0;
  const shownError = localError ?? error;

  const clearErrors = () => {
    setLocalError(null);
    onClearError();
  };

  /** Adds the entries of `text`; `rest` stays in the field. */
  const commit = async (text: string, rest = '') => {
    const tags = splitTags(text, existing);
    if (tags.length === 0) {
      // Nothing typed at all, or only tags that are there already.
      setLocalError(splitTags(text).length === 0 ? t('tags.noTagProvided') : t('tags.alreadyThere'));
      setValue(rest);
      return;
    }
    clearErrors();
    setOpen(false);
    setActive(-1);
    setValue(rest);
    const saved = await onAdd(tags);
    if (!saved) setValue(text + (rest ? `, ${rest}` : ''));
  };

  const choose = (tag: string) => {
    const before = value.split(',').slice(0, -1).join(',');
    void commit(before ? `${before},${tag}` : tag);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (!expanded ? (step > 0 ? 0 : options.length - 1) : (current + step + options.length) % options.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (busy) return;
      const option = expanded && active >= 0 ? options[active] : undefined;
      if (option) choose(option.tag);
      else void commit(value);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the suggestions only (not the dialog around, nor the viewer).
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  const describedBy = [description ? descriptionId : null, shownError ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className="field tag-input">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="tag-input__box">
        <input
          id={id}
          className="field__input tag-input__input"
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={describedBy}
          aria-invalid={shownError ? true : undefined}
          value={value}
          onChange={(event) => {
            const next = event.target.value;
            clearErrors();
            const comma = next.lastIndexOf(',');
            if (comma >= 0 && !busy) {
              // A comma adds what stands before it.
              const before = next.slice(0, comma);
              const rest = next.slice(comma + 1).trimStart();
              if (splitTags(before).length > 0) {
                void commit(before, rest);
                return;
              }
            }
            setValue(next);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
        />
        <div id={listId} className="tag-input__list" role="listbox" aria-label={t('tags.suggestions')} hidden={!expanded}>
          {options.map((option, index) => (
            // The combobox pattern: the focus stays in the input, which moves through the options with the arrows
            // (aria-activedescendant) and chooses with Enter; a click chooses too.
            // biome-ignore lint/a11y/useFocusableInteractive: options of a combobox are reached through the input.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input's keys (arrows, Enter) choose the options.
            <div
              key={option.tag}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`tag-input__option${index === active ? ' tag-input__option--active' : ''}`}
              // Keeps the focus in the input.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option.tag)}
            >
              <span className="tag-input__option-tag">{option.tag}</span>
              <span className="tag-input__option-count">{t('tags.useCount', { count: option.count })}</span>
            </div>
          ))}
        </div>
      </div>
      {description ? (
        <p id={descriptionId} className="field__description">
          {description}
        </p>
      ) : null}
      {shownError ? (
        <p id={errorId} className="field__error" role="alert">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
