import type { AssetTag } from '@emblem/core';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWrite } from '../../lib/mutation';
import { Button } from '../../ui/Button';
import { type Asset, assetKeys } from '../library/api';
import { changeTags, type TagsChange, tagErrorMessage, tagKeys } from './api';
import { TagInput } from './TagInput';
import './tags.css';

/** A tag as a chip; AUTO ones (found by Emblem) carry a small "auto" mark. */
export function TagChip({ tag, onRemove, disabled }: { tag: AssetTag; onRemove?: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const auto = tag.source === 'AUTO';
  return (
    <li className={`tag-chip${auto ? ' tag-chip--auto' : ''}`}>
      <span className="tag-chip__value">{tag.value}</span>
      {auto ? (
        <span className="tag-chip__auto" title={t('tags.autoTitle')}>
          <span aria-hidden="true">{t('tags.auto')}</span>
          <span className="visually-hidden">{t('tags.autoName')}</span>
        </span>
      ) : null}
      {onRemove ? (
        <Button
          variant="ghost"
          size="sm"
          className="tag-chip__remove"
          aria-label={t('tags.remove', { tag: tag.value })}
          isDisabled={disabled}
          onPress={onRemove}
        >
          <span aria-hidden="true">×</span>
        </Button>
      ) : null}
    </li>
  );
}

/**
 * The viewer's Tags section (decision 0038): the asset's tags as chips; editors add tags (Enter or comma, several at
 * once, suggestions from the library) and remove them. Each change is one POST /api/tags; the asset is read again.
 */
export function AssetTags({ asset, canEdit }: { asset: Asset; canEdit: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const listRef = useRef<HTMLElement>(null);
  const tags = asset.tags ?? [];
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useWrite({
    mutationFn: (body: TagsChange) => changeTags(body),
    invalidates: () => [assetKeys.screen(asset.id), assetKeys.detail(asset.id)],
    refreshes: () => [assetKeys.listsOfProject(asset.project_id), tagKeys.all],
  });
  const refused = (e: unknown) => {
    const message = tagErrorMessage(e, t('tags.saveFailed'));
    setError(message === 'No tag provided' ? t('tags.noTagProvided') : message);
  };

  const add = async (values: string[]): Promise<boolean> => {
    setStatus('');
    setError(null);
    try {
      await change.mutateAsync({ tags: values, type: 'add', asset_ids: [asset.id] });
      setStatus(t('tags.added', { count: values.length, tags: values.join(', ') }));
      return true;
    } catch (e) {
      refused(e);
      return false;
    }
  };
  const remove = async (value: string) => {
    setStatus('');
    setError(null);
    try {
      await change.mutateAsync({ tags: [value], type: 'remove', asset_ids: [asset.id] });
      setStatus(t('tags.removed', { tag: value }));
      // The chip and its button are gone: the focus goes to the input (or the section).
      const input = listRef.current?.querySelector<HTMLInputElement>('input');
      input?.focus();
    } catch (e) {
      refused(e);
    }
  };

  return (
    <section className="viewer-section asset-tags" aria-labelledby={headingId} ref={listRef} data-testid="asset-tags">
      <h2 id={headingId} className="viewer-section__title">
        {t('tags.title')}
      </h2>
      {tags.length > 0 ? (
        <ul className="tag-chips" aria-label={t('tags.listLabel')}>
          {tags.map((tag) => (
            <TagChip key={tag.value} tag={tag} disabled={change.busy} onRemove={canEdit ? () => void remove(tag.value) : undefined} />
          ))}
        </ul>
      ) : (
        <p className="asset-tags__empty">{canEdit ? t('tags.emptyEditor') : t('tags.emptyViewer')}</p>
      )}
      {canEdit ? (
        <TagInput
          projectId={asset.project_id}
          label={t('tags.addLabel')}
          description={t('tags.addHint')}
          existing={tags.map((tag) => tag.value)}
          busy={change.busy}
          error={error}
          onAdd={add}
          onClearError={() => setError(null)}
        />
      ) : null}
      {canEdit ? (
        <p className="asset-tags__status" role="status">
          {change.busy ? t('tags.saving') : status}
        </p>
      ) : null}
    </section>
  );
}
