import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { TextField } from '../../ui/TextField';
import { type OptionRow, rowKey } from './propertyForm';

/**
 * The options of a SELECT or MULTISELECT property: add, rename, remove, reorder (Move up / Move down) and mark the
 * default ones (a SELECT at most one: marking another unmarks the first). Removing an option that assets hold takes
 * it off them when the property is saved.
 */
export function OptionsEditor({
  options,
  single,
  onChange,
  errors,
  error,
  isDisabled,
}: {
  options: OptionRow[];
  /** SELECT: one default at most. */
  single: boolean;
  onChange: (options: OptionRow[]) => void;
  /** Messages by option index. */
  errors: Record<number, string | undefined>;
  /** A message about the list as a whole. */
  error?: string;
  isDisabled?: boolean;
}) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<OptionRow>) =>
    onChange(
      options.map((o, i) => {
        if (i === index) return { ...o, ...patch };
        // Only one default on a single choice.
        if (single && patch.is_default) return { ...o, is_default: false };
        return o;
      }),
    );
  const move = (index: number, by: -1 | 1) => {
    const next = [...options];
    const [row] = next.splice(index, 1);
    if (row) next.splice(index + by, 0, row);
    onChange(next);
  };

  return (
    <fieldset className="metadata-form__group" aria-describedby="metadata-options-hint">
      <legend className="metadata-form__legend">{t('metadata.form.options')}</legend>
      <p id="metadata-options-hint" className="field__description">
        {t('metadata.form.optionsHint')}
      </p>
      {options.length === 0 ? <p className="metadata-form__empty">{t('metadata.form.optionsEmpty')}</p> : null}
      <ol className="metadata-options">
        {options.map((option, index) => {
          const number = index + 1;
          return (
            <li key={option.key} className="metadata-options__row">
              <TextField
                className="metadata-options__value field--compact"
                label={t('metadata.form.optionValue', { index: number })}
                value={option.value}
                onChange={(value) => update(index, { value })}
                errorMessage={errors[index]}
                isDisabled={isDisabled}
                autoFocus={option.id === undefined && option.value === '' && index === options.length - 1}
              />
              <div className="metadata-options__tools">
                <Checkbox
                  isSelected={option.is_default}
                  onChange={(is_default) => update(index, { is_default })}
                  isDisabled={isDisabled}
                  aria-label={option.value.trim() ? t('metadata.form.optionDefaultNamed', { value: option.value.trim() }) : undefined}
                >
                  {t('metadata.form.optionDefault')}
                </Checkbox>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('metadata.form.optionUp', { index: number })}
                  isDisabled={isDisabled || index === 0}
                  onPress={() => move(index, -1)}
                >
                  <span aria-hidden="true">↑</span>
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('metadata.form.optionDown', { index: number })}
                  isDisabled={isDisabled || index === options.length - 1}
                  onPress={() => move(index, 1)}
                >
                  <span aria-hidden="true">↓</span>
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('metadata.form.optionRemove', { index: number })}
                  isDisabled={isDisabled}
                  onPress={() => onChange(options.filter((_, i) => i !== index))}
                >
                  <span aria-hidden="true">×</span>
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {error ? <p className="field__error">{error}</p> : null}
      <div>
        <Button size="sm" isDisabled={isDisabled} onPress={() => onChange([...options, { key: rowKey(), value: '', is_default: false }])}>
          {t('metadata.form.optionAdd')}
        </Button>
      </div>
    </fieldset>
  );
}
