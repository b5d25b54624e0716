import { METADATA_LONGTEXT_MAX, METADATA_TEXT_MAX } from '@emblem/core';
import { useTranslation } from 'react-i18next';
import type { MetadataProperty } from './api';
import type { Draft } from './values';

/**
 * The message for a value the shared rules refused before sending it, in the reader's language: what the type
 * wants (a number, a complete date, an http(s) address, a shorter text); the rules' own words otherwise.
 */
export function useValueError() {
  const { t } = useTranslation();
  return (property: Pick<MetadataProperty, 'type'>, draft: Draft, ruleMessage: string): string => {
    switch (property.type) {
      case 'NUMBER':
        return t('metadata.value.invalidNumber');
      case 'DATE':
        return t('metadata.value.invalidDate');
      case 'URL':
        return typeof draft === 'string' && draft.length > 2000 ? ruleMessage : t('metadata.value.invalidUrl');
      case 'TEXT':
      case 'LONGTEXT': {
        const max = property.type === 'TEXT' ? METADATA_TEXT_MAX : METADATA_LONGTEXT_MAX;
        return typeof draft === 'string' && draft.trim().length > max ? t('metadata.value.tooLong', { max }) : ruleMessage;
      }
      default:
        return ruleMessage;
    }
  };
}
