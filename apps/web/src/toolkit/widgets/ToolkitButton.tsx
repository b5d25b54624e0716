import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { useTranslation } from 'react-i18next';

/** Button types, sizes, styles and backgrounds. */
export const BUTTON_TYPES = ['button', 'submit', 'reset'] as const;
export const BUTTON_SIZES = ['small', 'medium', 'large'] as const;
export const BUTTON_STYLES = ['primary', 'secondary', 'danger'] as const;
export const BUTTON_BACKGROUNDS = ['white', 'black-05', 'black-90', 'black-100'] as const;

export interface ToolkitButtonProps extends Omit<AriaButtonProps, 'className' | 'type' | 'children' | 'isPending' | 'style'> {
  type?: (typeof BUTTON_TYPES)[number];
  size?: (typeof BUTTON_SIZES)[number];
  buttonStyle?: (typeof BUTTON_STYLES)[number];
  /** The surface the button sits on; its colours adapt for contrast. */
  background?: (typeof BUTTON_BACKGROUNDS)[number];
  /** Shows a spinner instead of the icon; presses are ignored. */
  inProgress?: boolean;
  icon?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/**
 * The toolkit button: disabled and in-progress states ignore clicks; in progress, a spinner replaces the
 * icon. Built on React Aria's Button (isPending keeps it focusable and announces the busy state).
 */
export function ToolkitButton({
  type = 'button',
  size = 'medium',
  buttonStyle = 'secondary',
  background = 'white',
  inProgress = false,
  icon,
  children,
  className,
  ...props
}: ToolkitButtonProps) {
  const { t } = useTranslation();
  const classes = ['tk-button', `tk-button--${size}`, `tk-button--${buttonStyle}`, `tk-button--on-${background}`, className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <AriaButton {...props} type={type} className={classes} isPending={inProgress} data-in-progress={inProgress || undefined}>
      {inProgress ? (
        <span className="spinner spinner--sm" role="img" aria-label={t('toolkit.button.inProgress')} />
      ) : icon ? (
        <span className="tk-button__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children ? <span className="tk-button__label">{children}</span> : null}
    </AriaButton>
  );
}
