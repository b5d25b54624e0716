import type { TagSuggestion } from '@emblem/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Checkbox } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useWrite } from '../../lib/mutation';
import { Button } from '../../ui/Button';
import { AppDialog } from '../../ui/Dialog';
import { Alert, EmptyState, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { assetKeys } from '../library/api';
import { changeTags, nextTagChange, selectionTagsQuery, type TagsChange, tagErrorMessage, tagKeys } from './api';
import { TagInput } from './TagInput';
import './tags.css';

/**
 * Tags of a library selection (decision 0038): add tags to every selected asset (and everything in the selected
 * folders), and a list of the library's tags showing how each lies on the selection (a tri-state checkbox: on all,
 * on some, on none). A click follows settings-toolkit.md "Tags": unused → added to all, used → removed from all,
 * partial → added to all; one POST /api/tags each. Tags only Emblem found on the selection are listed apart.
 */
export function BulkTagsDialog({
  projectId,
  assetIds,
  setIds = [],
  isOpen,
  onOpenChange,
}: {
  projectId: number;
  assetIds: number[];
  setIds?: number[];
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [inputError, setInputError] = useState<string | null>(null);
  // The list narrows to the tags containing what is being typed in the input.
  const [term, setTerm] = useState('');
  const search = useQuery({ ...selectionTagsQuery(assetIds, setIds, term), enabled: isOpen, placeholderData: keepPreviousData });
  const change = useWrite({
    mutationFn: (body: TagsChange) => changeTags(body),
    invalidates: () => [[...tagKeys.all, 'selection']],
    refreshes: () => [assetKeys.listsOfProject(projectId), [...assetKeys.all, 'screen'], [...assetKeys.all, 'detail'], tagKeys.all],
  });
  const count = assetIds.length + setIds.length;
  const targets = { asset_ids: assetIds, set_ids: setIds };

  const apply = async (tags: string[], type: 'add' | 'remove'): Promise<boolean> => {
    setStatus('');
    setError(null);
    try {
      const result = await change.mutateAsync({ tags, type, ...targets });
      setStatus(t(type === 'add' ? 'tags.bulkAdded' : 'tags.bulkRemoved', { tags: tags.join(', '), count: result.asset_count }));
      return true;
    } catch (e) {
      const message = tagErrorMessage(e, t('tags.saveFailed'));
      return Promise.reject(message === 'No tag provided' ? t('tags.noTagProvided') : message);
    }
  };

  const data = search.data;
  const manual = data?.tags ?? [];
  const auto = data?.autoTags ?? [];

  return (
    <AppDialog
      title={t(setIds.length > 0 ? 'tags.bulkTitleItems' : 'tags.bulkTitle', { count })}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!change.busy}
      size="md"
    >
      <div className="bulk-tags">
        <TagInput
          projectId={projectId}
          label={t('tags.bulkAddLabel')}
          description={t('tags.addHint')}
          existing={manual.filter((s) => s.apply === 'ALL').map((s) => s.tag)}
          busy={change.busy}
          error={inputError}
          onAdd={(tags) =>
            apply(tags, 'add').then(
              () => true,
              (message: string) => {
                setInputError(message);
                return false;
              },
            )
          }
          onClearError={() => setInputError(null)}
          onTermChange={setTerm}
        />
        {error ? <Alert>{error}</Alert> : null}
        {search.isPending ? (
          <LoadingState label={t('tags.loading')} />
        ) : search.isError ? (
          <LoadFailedAlert title={t('tags.loadFailed')} error={search.error} onRetry={() => void search.refetch()} />
        ) : manual.length === 0 && auto.length === 0 ? (
          term ? (
            <p className="bulk-tags__more">{t('tags.noMatch', { term })}</p>
          ) : (
            <EmptyState title={t('tags.bulkEmptyTitle')}>{t('tags.bulkEmptyText')}</EmptyState>
          )
        ) : (
          <>
            <TagStateList
              title={term ? t('tags.bulkListMatching', { term }) : t('tags.bulkListTitle')}
              tags={manual}
              busy={change.busy}
              onToggle={(s) => apply([s.tag], nextTagChange(s.apply)).catch((message: string) => setError(message))}
            />
            {data?.hasMoreResults ? <p className="bulk-tags__more">{t('tags.moreResults')}</p> : null}
            {auto.length > 0 ? (
              <TagStateList
                title={t('tags.bulkAutoTitle')}
                description={t('tags.bulkAutoHint')}
                tags={auto}
                busy={change.busy}
                onToggle={(s) => apply([s.tag], nextTagChange(s.apply)).catch((message: string) => setError(message))}
              />
            ) : null}
          </>
        )}
        <p className="bulk-tags__status" role="status">
          {change.busy ? t('tags.saving') : status}
        </p>
      </div>
      <div className="dialog__actions">
        <Button slot="close" isDisabled={change.busy}>
          {t('tags.close')}
        </Button>
      </div>
    </AppDialog>
  );
}

function TagStateList({
  title,
  description,
  tags,
  busy,
  onToggle,
}: {
  title: string;
  description?: string;
  tags: TagSuggestion[];
  busy: boolean;
  onToggle: (tag: TagSuggestion) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="bulk-tags__group" aria-labelledby={headingId}>
      <h3 id={headingId} className="bulk-tags__title">
        {title}
      </h3>
      {description ? <p className="bulk-tags__hint">{description}</p> : null}
      <ul className="bulk-tags__list">
        {tags.map((s) => (
          <li key={s.tag} className="bulk-tags__item">
            <Checkbox
              className="checkbox bulk-tags__checkbox"
              isSelected={s.apply === 'ALL'}
              isIndeterminate={s.apply === 'PARTIAL'}
              isDisabled={busy}
              onChange={() => onToggle(s)}
            >
              {({ isSelected, isIndeterminate }) => (
                <>
                  <span className="checkbox__box" aria-hidden="true">
                    {isIndeterminate ? '–' : isSelected ? '✓' : ''}
                  </span>
                  <span className="checkbox__label">
                    {s.tag}
                    <span className="bulk-tags__state">
                      {' · '}
                      {t(s.apply === 'ALL' ? 'tags.stateAll' : s.apply === 'PARTIAL' ? 'tags.statePartial' : 'tags.stateNone')}
                    </span>
                  </span>
                </>
              )}
            </Checkbox>
            <span className="bulk-tags__count">{t('tags.useCount', { count: s.count })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
