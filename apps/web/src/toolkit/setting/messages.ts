import type { ValidationFailure } from '@emblem/core';
import type { i18n as I18n, TFunction } from 'i18next';

/** The standard validation message of a failure, from the toolkit.validation translation keys. */
export function validationMessage(t: TFunction, failure: ValidationFailure): string {
  return t(`toolkit.validation.${failure.key}`, failure.params ?? {});
}

/**
 * A message from a server answer: translated when it is a
 * known key, shown as sent otherwise.
 */
export function serverMessage(t: TFunction, i18n: I18n, message: string): string {
  return i18n.exists(message) ? String(t(message as never)) : message;
}
