import type { Ref } from 'react';
import {
  Button as AriaButton,
  type ButtonProps as AriaButtonProps,
  Link as AriaLink,
  type LinkProps as AriaLinkProps,
} from 'react-aria-components';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

function classes(variant: ButtonVariant, size: 'md' | 'sm', extra?: string): string {
  return ['button', `button--${variant}`, size === 'sm' ? 'button--sm' : '', extra ?? ''].filter(Boolean).join(' ');
}

export interface ButtonProps extends Omit<AriaButtonProps, 'className'> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  className?: string;
  /** The button element (e.g. to give focus back to it). */
  ref?: Ref<HTMLButtonElement>;
}

/** A button from React Aria (press, keyboard and focus handling), styled with the tokens. */
export function Button({ variant = 'secondary', size = 'md', className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={classes(variant, size, className)} />;
}

export interface LinkButtonProps extends Omit<AriaLinkProps, 'className'> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  className?: string;
}

/** A link that looks like a button (navigation, not an action). */
export function LinkButton({ variant = 'secondary', size = 'md', className, ...props }: LinkButtonProps) {
  return <AriaLink {...props} className={classes(variant, size, className)} />;
}
