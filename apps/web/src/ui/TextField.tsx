import type { ReactNode } from 'react';
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
} from 'react-aria-components';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children'> {
  label: ReactNode;
  description?: ReactNode;
  /** An error to show at the field (client or server); form-level `validationErrors` work too. */
  errorMessage?: string;
  placeholder?: string;
  multiline?: boolean;
  rows?: number;
  className?: string;
}

/**
 * Labelled text input with description and error text wired to aria-describedby by React Aria.
 * Errors come from `errorMessage` or from the surrounding <Form validationErrors>.
 */
export function TextField({ label, description, errorMessage, placeholder, multiline, rows = 4, className, ...props }: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      validationBehavior="aria"
      isInvalid={errorMessage ? true : props.isInvalid}
      className={['field', className ?? ''].filter(Boolean).join(' ')}
    >
      <Label className="field__label">{label}</Label>
      {multiline ? (
        <TextArea className="field__input field__input--multiline" placeholder={placeholder} rows={rows} />
      ) : (
        <Input className="field__input" placeholder={placeholder} />
      )}
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
