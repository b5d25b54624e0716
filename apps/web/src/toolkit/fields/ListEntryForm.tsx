import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type Drafts, LABEL, type ListEntryField } from './listEntries';

/** The inputs of a structured entry (label plus fields) as one small form: Enter or the button submits. */
export function StructuredInputs({
  idPrefix,
  fields,
  labelField,
  drafts,
  errors,
  onDraft,
  onSubmit,
  onCancel,
  submitLabel,
  cancelLabel,
  busy,
  legend,
}: {
  idPrefix: string;
  fields: readonly ListEntryField[];
  labelField?: { label: string };
  drafts: Drafts;
  errors: Drafts;
  onDraft: (key: string, text: string) => void;
  onSubmit: () => void;
  onCancel?: () => void;
  submitLabel: string;
  cancelLabel?: string;
  busy: boolean;
  legend: string;
}) {
  const { t } = useTranslation();
  const inputs: ListEntryField[] = [{ key: LABEL, label: labelField?.label ?? t('toolkit.list.name'), type: 'text' }, ...fields];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form
      className="list-setting__entry-form"
      onSubmit={submit}
      noValidate
      onKeyDown={(e) => {
        if (e.key === 'Escape' && onCancel) {
          e.preventDefault();
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <fieldset className="list-setting__fieldset">
        <legend className="visually-hidden">{legend}</legend>
        {inputs.map((field, index) => {
          const inputId = `${idPrefix}-${field.key}`;
          const message = errors[field.key];
          const described = [field.description ? `${inputId}-description` : '', message ? `${inputId}-error` : '']
            .filter(Boolean)
            .join(' ');
          const common = {
            id: inputId,
            className: 'field__input',
            'aria-invalid': message ? true : undefined,
            'aria-describedby': described || undefined,
            value: drafts[field.key] ?? '',
          };
          return (
            <div key={field.key} className="list-setting__field" data-field={field.key}>
              <label className="field__label" htmlFor={inputId}>
                {field.label}
              </label>
              {field.type === 'select' ? (
                <select {...common} onChange={(e) => onDraft(field.key, e.target.value)}>
                  {(field.options ?? []).map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...common}
                  type={field.type === 'number' ? 'number' : 'text'}
                  inputMode={field.type === 'number' ? 'numeric' : undefined}
                  placeholder={field.placeholder}
                  // biome-ignore lint/a11y/noAutofocus: editing an entry puts the caret into its first input.
                  autoFocus={Boolean(onCancel) && index === 0}
                  onChange={(e) => onDraft(field.key, e.target.value)}
                />
              )}
              {field.description ? (
                <p id={`${inputId}-description`} className="field__description">
                  {field.description}
                </p>
              ) : null}
              {message ? (
                <p id={`${inputId}-error`} className="field__error">
                  {message}
                </p>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      <div className="list-setting__form-actions">
        <button type="submit" className="button button--sm" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button button--sm button--ghost" onClick={onCancel}>
            {cancelLabel}
          </button>
        ) : null}
      </div>
    </form>
  );
}
