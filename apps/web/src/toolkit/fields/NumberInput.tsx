import { useId } from 'react';

/** A labelled number input used by the composite editors. Keeps the typed text; reports numbers (empty → ''). */
export function NumberInput({
  label,
  value,
  onChange,
  min,
  max,
  step,
  unit,
  disabled,
  invalid,
  describedBy,
  allowAuto,
}: {
  label: string;
  value: number | string;
  onChange: (text: string) => void;
  min?: number;
  max?: number;
  step?: number;
  unit?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  allowAuto?: boolean;
}) {
  const id = useId();
  return (
    <div className="number-input">
      <label htmlFor={id} className="number-input__label">
        {label}
      </label>
      <div className="number-input__row">
        <input
          id={id}
          className="field__input number-input__input"
          inputMode={allowAuto ? 'text' : 'decimal'}
          type={allowAuto ? 'text' : 'number'}
          min={min}
          max={max}
          step={step}
          value={value}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
        {unit ? (
          <span className="number-input__unit" aria-hidden="true">
            {unit}
          </span>
        ) : null}
      </div>
    </div>
  );
}
