import type { MetadataValue } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWrite } from '../../lib/mutation';
import { Button } from '../../ui/Button';
import { AppDialog } from '../../ui/Dialog';
import { Alert, EmptyState, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { assetKeys } from '../library/api';
import {
  changeAssetMetadata,
  type MetadataChange,
  type MetadataProperty,
  type MetadataSelectionItem,
  metadataKeys,
  propertiesQuery,
  refusalOf,
  selectionQuery,
} from './api';
import { useValueError } from './useValueError';
import { ValueInput } from './ValueInput';
import { type Draft, displayValue, fromDraft, toDraft } from './values';
import './metadata.css';

/** What the dialog will do to one property: nothing, set this draft on all, or clear it on all. */
type Plan = { kind: 'set'; draft: Draft } | { kind: 'clear' };

/**
 * The custom metadata of a library selection (decision 0040): each property that applies with how its values lie
 * on the selection (the same on all, mixed, none), and for each the choice to set a value on every selected asset
 * or clear it. "Apply" sends one POST /api/asset/custom-metadata for the values set (and one more for those cleared,
 * a different action), all or nothing each.
 */
export function BulkMetadataDialog({
  brandId,
  projectId,
  assetIds,
  isOpen,
  onOpenChange,
}: {
  brandId: number;
  projectId: number;
  assetIds: number[];
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const selection = useQuery({ ...selectionQuery(assetIds), enabled: isOpen });
  const properties = useQuery({ ...propertiesQuery(brandId, projectId), enabled: isOpen });
  const [plans, setPlans] = useState<ReadonlyMap<number, Plan>>(new Map());
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const valueError = useValueError();
  const change = useWrite({
    mutationFn: (body: MetadataChange) => changeAssetMetadata(body),
    invalidates: () => [metadataKeys.selection(assetIds)],
    refreshes: () => [assetKeys.listsOfProject(projectId), [...assetKeys.all, 'screen'], [...assetKeys.all, 'detail'], metadataKeys.all],
  });
  const count = assetIds.length;

  const plan = (id: number, next: Plan | null) => {
    setResult(null);
    setErrors(({ [id]: _, ...rest }) => rest);
    setPlans((current) => {
      const map = new Map(current);
      if (next) map.set(id, next);
      else map.delete(id);
      return map;
    });
  };

  const apply = async (byId: ReadonlyMap<number, MetadataProperty>) => {
    setResult(null);
    const sets: { property_id: number; value: MetadataValue }[] = [];
    const clears: { property_id: number }[] = [];
    const problems: Record<number, string> = {};
    for (const [id, p] of plans) {
      const property = byId.get(id);
      if (!property) continue;
      if (p.kind === 'clear') {
        clears.push({ property_id: id });
        continue;
      }
      const checked = fromDraft(property, p.draft);
      if ('error' in checked) problems[id] = valueError(property, p.draft, checked.error);
      else if (checked.value === null) clears.push({ property_id: id });
      else sets.push({ property_id: id, value: checked.value });
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0 || sets.length + clears.length === 0) return;
    try {
      let updated = 0;
      if (sets.length > 0) updated = (await change.mutateAsync({ asset_ids: assetIds, action: 'set', values: sets })).asset_count;
      if (clears.length > 0)
        updated = Math.max(updated, (await change.mutateAsync({ asset_ids: assetIds, action: 'remove', values: clears })).asset_count);
      setPlans(new Map());
      setResult({ tone: 'success', text: t('metadata.bulk.updated', { count: updated }) });
    } catch (error) {
      setResult({ tone: 'error', text: t('metadata.bulk.failed', { reason: refusalOf(error, t('metadata.saveFailed')) }) });
    }
  };

  let body: ReactNode;
  if (selection.isPending || properties.isPending) body = <LoadingState label={t('metadata.bulk.loading')} />;
  else if (selection.isError || properties.isError)
    body = (
      <LoadFailedAlert
        title={t('metadata.bulk.loadFailed')}
        error={selection.error ?? properties.error}
        onRetry={() => {
          void selection.refetch();
          void properties.refetch();
        }}
      />
    );
  else {
    const byId = new Map(properties.data.map((p) => [p.id, p]));
    const items = selection.data.properties.filter((item) => byId.get(item.property_id)?.can_edit);
    body =
      items.length === 0 ? (
        <>
          <EmptyState title={t('metadata.bulk.empty')} />
          <div className="dialog__actions">
            <Button slot="close">{t('metadata.bulk.close')}</Button>
          </div>
        </>
      ) : (
        <form
          className="bulk-metadata"
          onSubmit={(e) => {
            e.preventDefault();
            void apply(byId);
          }}
        >
          <p className="bulk-metadata__intro">{t('metadata.bulk.intro')}</p>
          <ul className="bulk-metadata__list">
            {items.map((item) => {
              const property = byId.get(item.property_id) as MetadataProperty;
              return (
                <BulkRow
                  key={item.property_id}
                  property={property}
                  item={item}
                  plan={plans.get(item.property_id) ?? null}
                  onPlan={(next) => plan(item.property_id, next)}
                  error={errors[item.property_id]}
                  busy={change.busy}
                  locale={i18n.language}
                />
              );
            })}
          </ul>
          <p className="bulk-metadata__status" role="status">
            {change.busy ? t('metadata.bulk.updating', { count }) : ''}
          </p>
          {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
          <div className="dialog__actions">
            <Button slot="close" isDisabled={change.busy}>
              {t('metadata.bulk.close')}
            </Button>
            <Button type="submit" variant="primary" isPending={change.busy} isDisabled={plans.size === 0}>
              {count === 1 ? t('metadata.bulk.applyOne') : t('metadata.bulk.apply', { count })}
            </Button>
          </div>
        </form>
      );
  }

  return (
    <AppDialog
      title={t('metadata.bulk.title', { count })}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!change.busy}
      size="md"
    >
      {body}
    </AppDialog>
  );
}

function BulkRow({
  property,
  item,
  plan,
  onPlan,
  error,
  busy,
  locale,
}: {
  property: MetadataProperty;
  item: MetadataSelectionItem;
  plan: Plan | null;
  onPlan: (plan: Plan | null) => void;
  error?: string;
  busy: boolean;
  locale: string;
}) {
  const { t } = useTranslation();
  const state =
    item.state === 'MIXED'
      ? t('metadata.bulk.mixed')
      : item.state === 'NONE'
        ? t('metadata.bulk.none')
        : displayValue(property, item.value, locale) || t('metadata.bulk.same');
  const start = (): Draft => toDraft(property, item.state === 'SAME' ? item.value : (property.default_value ?? null));
  return (
    <li className="bulk-metadata__item" data-testid={`bulk-metadata-${property.id}`}>
      <div className="bulk-metadata__head">
        <h3 className="bulk-metadata__name">{property.name}</h3>
        <p className={`bulk-metadata__state bulk-metadata__state--${item.state.toLowerCase()}`}>
          {state}
          {item.state === 'MIXED' ? ` · ${t('metadata.bulk.some', { count: item.count })}` : ''}
        </p>
      </div>
      {plan?.kind === 'set' ? (
        <ValueInput
          property={property}
          label={t('metadata.bulk.changeNamed', { name: property.name })}
          draft={plan.draft}
          onChange={(draft) => onPlan({ kind: 'set', draft })}
          errorMessage={error}
          isDisabled={busy}
          allowEmpty={!property.is_required}
        />
      ) : plan?.kind === 'clear' ? (
        <p className="bulk-metadata__plan">{t('metadata.bulk.willClear')}</p>
      ) : null}
      <div className="bulk-metadata__actions">
        {plan ? (
          <Button
            size="sm"
            variant="ghost"
            isDisabled={busy}
            onPress={() => onPlan(null)}
            aria-label={t('metadata.bulk.keepNamed', { name: property.name })}
          >
            {t('metadata.bulk.keep')}
          </Button>
        ) : (
          <Button
            size="sm"
            isDisabled={busy}
            onPress={() => onPlan({ kind: 'set', draft: start() })}
            aria-label={t('metadata.bulk.changeNamed', { name: property.name })}
          >
            {t('metadata.bulk.change')}
          </Button>
        )}
        {plan?.kind !== 'clear' && item.count > 0 && !property.is_required ? (
          <Button
            size="sm"
            variant="ghost"
            isDisabled={busy}
            onPress={() => onPlan({ kind: 'clear' })}
            aria-label={t('metadata.bulk.clearNamed', { name: property.name })}
          >
            {t('metadata.value.clear')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
