import { type ReactNode, useId } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children' | 'className'> {
  children: ReactNode;
  description?: ReactNode;
}

/** A checkbox whose description is announced through aria-describedby, not as part of its name. */
export function Checkbox({ children, description, ...props }: CheckboxProps) {
  const descriptionId = useId();
  return (
    <div className="checkbox-field">
      <AriaCheckbox {...props} aria-describedby={description ? descriptionId : undefined} className="checkbox">
        {({ isSelected }) => (
          <>
            <span className="checkbox__box" aria-hidden="true">
              {isSelected ? '✓' : ''}
            </span>
            <span className="checkbox__label">{children}</span>
          </>
        )}
      </AriaCheckbox>
      {description ? (
        <p id={descriptionId} className="checkbox__description">
          {description}
        </p>
      ) : null}
    </div>
  );
}
