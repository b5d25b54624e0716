import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { StructuredInputs } from './ListEntryForm';
import type { ListSettingProps } from './listEntries';
import { useListSetting } from './useListSetting';

export {
  LIST_TEMPLATES,
  type ListEntry,
  type ListEntryField,
  type ListSettingProps,
  type ListTemplate,
  listTemplate,
} from './listEntries';

/**
 * List: add, edit, remove, reorder and a display toggle; the last visible entry can be kept
 * visible; a new entry without a value gets an index-and-slug value.
 */
export function ListSetting(props: ListSettingProps) {
  const { label, readonly, addLabel, description, displayToggle, keepOneVisible, labelField, renderEntry } = props;
  const { template: templateName } = props;
  const { t } = useTranslation();
  const id = useId();
  const {
    template,
    entries,
    input,
    setInput,
    editing,
    setEditing,
    editText,
    setEditText,
    error,
    busy,
    announcement,
    structured,
    addDrafts,
    setAddDrafts,
    addErrors,
    editDrafts,
    setEditDrafts,
    editErrors,
    addStructured,
    add,
    update,
    startEdit,
    saveStructured,
    remove,
    move,
    visibleCount,
  } = useListSetting(props);

  return (
    <section className="setting setting--list" aria-labelledby={`${id}-label`} data-label={label} aria-busy={busy || undefined}>
      <div className="setting__header">
        <h3 id={`${id}-label`} className="setting__label">
          {label}
        </h3>
      </div>
      {description ? <p className="setting__description">{description}</p> : null}
      {entries.length === 0 ? <p className="muted list-setting__empty">{t('toolkit.list.empty')}</p> : null}
      <ul className="list-setting__items">
        {entries.map((entry, index) => {
          const visible = entry.visible !== false;
          const lastVisible = keepOneVisible && visible && visibleCount === 1;
          return (
            <li
              key={entry.id ?? entry.value}
              className="list-setting__item"
              data-visible={visible}
              data-last-visible={lastVisible || undefined}
            >
              {editing === index && structured ? (
                <StructuredInputs
                  idPrefix={`${id}-edit-${index}`}
                  fields={structured}
                  labelField={labelField}
                  drafts={editDrafts}
                  errors={editErrors}
                  onDraft={(key, text) => setEditDrafts((d) => ({ ...d, [key]: text }))}
                  onSubmit={() => void saveStructured(index)}
                  onCancel={() => setEditing(null)}
                  submitLabel={t('toolkit.list.save')}
                  cancelLabel={t('common.cancel')}
                  busy={busy}
                  legend={t('toolkit.list.editEntry', { label: entry.label })}
                />
              ) : editing === index ? (
                <input
                  className="field__input"
                  aria-label={t('toolkit.list.editLabel', { label: entry.label })}
                  value={editText}
                  // biome-ignore lint/a11y/noAutofocus: the field replaces the entry the user chose to edit.
                  autoFocus
                  onChange={(e) => setEditText(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      const text = editText.trim();
                      setEditing(null);
                      if (text && text !== entry.label) void update(index, { label: text });
                    } else if (e.key === 'Escape') {
                      e.preventDefault();
                      setEditing(null);
                    }
                  }}
                  onBlur={() => setEditing(null)}
                />
              ) : (
                <span className="list-setting__label">
                  {renderEntry ? renderEntry(entry) : template.render ? template.render(entry) : entry.label}
                </span>
              )}
              {readonly || (structured && editing === index) ? null : (
                <span className="list-setting__actions">
                  {displayToggle ? (
                    <label className="inline-check" title={lastVisible ? t('toolkit.list.lastVisible') : undefined}>
                      <input
                        type="checkbox"
                        checked={visible}
                        disabled={lastVisible || busy}
                        aria-describedby={lastVisible ? `${id}-last-visible` : undefined}
                        onChange={(e) => void update(index, { visible: e.target.checked })}
                      />
                      {t('toolkit.list.show', { label: entry.label })}
                    </label>
                  ) : null}
                  <button
                    type="button"
                    className="button button--sm button--ghost"
                    onClick={() => startEdit(index, entry)}
                    aria-label={t('toolkit.list.edit', { label: entry.label })}
                  >
                    ✎
                  </button>
                  <button
                    type="button"
                    className="button button--sm button--ghost"
                    disabled={index === 0 || busy}
                    onClick={() => void move(index, index - 1)}
                    aria-label={t('toolkit.list.moveUp', { label: entry.label })}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button button--sm button--ghost"
                    disabled={index === entries.length - 1 || busy}
                    onClick={() => void move(index, index + 1)}
                    aria-label={t('toolkit.list.moveDown', { label: entry.label })}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button button--sm button--ghost button--danger-text"
                    disabled={busy}
                    onClick={() => void remove(index)}
                    aria-label={t('toolkit.list.remove', { label: entry.label })}
                  >
                    ×
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {keepOneVisible ? (
        <p id={`${id}-last-visible`} className="visually-hidden">
          {t('toolkit.list.lastVisible')}
        </p>
      ) : null}
      {readonly ? null : structured ? (
        <StructuredInputs
          idPrefix={`${id}-add`}
          fields={structured}
          labelField={labelField}
          drafts={addDrafts}
          errors={addErrors}
          onDraft={(key, text) => setAddDrafts((d) => ({ ...d, [key]: text }))}
          onSubmit={() => void addStructured()}
          submitLabel={t('toolkit.list.add')}
          busy={busy}
          legend={addLabel ?? t('toolkit.list.addLabel', { label })}
        />
      ) : (
        <form
          className="list-setting__add"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <label className="visually-hidden" htmlFor={`${id}-add`}>
            {addLabel ?? t('toolkit.list.addLabel', { label })}
          </label>
          <input
            id={`${id}-add`}
            className="field__input"
            value={input}
            placeholder={templateName === 'tags' || templateName === 'fileTypes' ? t('toolkit.list.commaHint') : undefined}
            onChange={(e) => setInput(e.target.value)}
          />
          <button type="submit" className="button button--sm" disabled={busy || input.trim() === ''}>
            {t('toolkit.list.add')}
          </button>
        </form>
      )}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <span className="visually-hidden" role="status">
        {announcement}
      </span>
    </section>
  );
}
