import { type ValidatedField, type ValidationRules, validateFields } from '@emblem/core';
import { type RefObject, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { validationMessage } from './messages';
import type { SettingOptions } from './types';

/**
 * The validation of a setting's draft: translated messages per field, or null when it is valid. It checks the
 * serialised fields against `rules` and `fieldRules` (hidden fields only with `validateHidden`), then `validate`.
 */
export function useSettingCheck<V>(
  name: string,
  optionsRef: RefObject<SettingOptions<V>>,
  serialise: (value: V) => Record<string, unknown>,
) {
  const { t } = useTranslation();
  return useCallback(
    (v: V): Record<string, string> | null => {
      const opts = optionsRef.current;
      const fields = serialise(v);
      const rules: Record<string, ValidationRules> = { ...(opts.fieldRules ?? {}) };
      if (opts.rules) rules[name] = { ...(rules[name] ?? {}), ...opts.rules };
      const hidden = new Set(opts.hiddenFields ?? []);
      const list: ValidatedField[] = Object.entries(rules).map(([field, fieldRules]) => ({
        name: field,
        value: fields[field],
        rules: fieldRules,
        hidden: hidden.has(field),
      }));
      // Values of other fields (equalTo) come from the serialised fields too.
      for (const [field, fieldValue] of Object.entries(fields)) if (!(field in rules)) list.push({ name: field, value: fieldValue });
      const failures = validateFields(list, { validateHidden: opts.validateHidden });
      const messages: Record<string, string> = {};
      for (const [field, failure] of Object.entries(failures)) messages[field] = validationMessage(t, failure);
      const custom = opts.validate?.(v);
      if (custom) for (const [field, message] of Object.entries(custom)) if (!(field in messages)) messages[field] = message;
      return Object.keys(messages).length > 0 ? messages : null;
    },
    [name, serialise, t, optionsRef],
  );
}
