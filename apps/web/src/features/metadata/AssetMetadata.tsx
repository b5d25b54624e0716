import { isPropertyShown, type MetadataValue, sameMetadataValue } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWrite } from '../../lib/mutation';
import { LinkButton } from '../../ui/Button';
import { Badge, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { type Asset, assetKeys } from '../library/api';
import {
  changeAssetMetadata,
  fieldErrorOf,
  type MetadataChange,
  type MetadataProperty,
  metadataKeys,
  propertiesQuery,
  refusalOf,
  valuesOf,
} from './api';
import { useValueError } from './useValueError';
import { ValueInput } from './ValueInput';
import { type Draft, displayValue, fromDraft, toDraft } from './values';
import './metadata.css';

type SaveStatus = 'saving' | 'saved' | 'notSaved' | null;

/**
 * The viewer's Metadata section (decision 0040): each property the asset's library uses and that is shown (a
 * dependent property only while its dependee holds one of its options), with its value. People who may edit the
 * asset and the property change it in place with the type's input; a choice or a date saves when picked, text when
 * the field is left (or Enter). One POST /api/asset/custom-metadata per change; "Saving…", "Saved" or "Not saved" in
 * a live region; the server's refusal shows at the field. Required properties without a value come first, marked.
 */
export function AssetMetadata({
  asset,
  brandId,
  canEdit,
  manageHref,
}: {
  asset: Asset;
  brandId: number;
  canEdit: boolean;
  manageHref: string;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const properties = useQuery(propertiesQuery(brandId, asset.project_id));
  const saved = valuesOf(asset);
  const [drafts, setDrafts] = useState<ReadonlyMap<number, Draft>>(new Map());
  const [errors, setErrors] = useState<ReadonlyMap<number, string>>(new Map());
  const [status, setStatus] = useState<SaveStatus>(null);
  const valueError = useValueError();
  // The value each property is being saved as: Enter and then leaving the field commit the same text once.
  const pending = useRef(new Map<number, MetadataValue | null>());
  const change = useWrite({
    mutationFn: (body: MetadataChange) => changeAssetMetadata(body),
    invalidates: () => [assetKeys.screen(asset.id), assetKeys.detail(asset.id)],
    refreshes: () => [assetKeys.listsOfProject(asset.project_id), metadataKeys.propertiesOfBrand(brandId)],
  });

  const setDraft = (id: number, draft: Draft | undefined) =>
    setDrafts((current) => {
      const next = new Map(current);
      if (draft === undefined) next.delete(id);
      else next.set(id, draft);
      return next;
    });
  const setError = (id: number, message: string | undefined) =>
    setErrors((current) => {
      const next = new Map(current);
      if (message === undefined) next.delete(id);
      else next.set(id, message);
      return next;
    });

  const save = async (property: MetadataProperty, draft: Draft) => {
    const current: MetadataValue | null = saved.get(property.id) ?? null;
    const checked = fromDraft(property, draft);
    if ('error' in checked) {
      setError(property.id, valueError(property, draft, checked.error));
      setStatus('notSaved');
      return;
    }
    if (sameMetadataValue(checked.value, current)) {
      setError(property.id, undefined);
      setDraft(property.id, undefined);
      return;
    }
    if (checked.value === null && property.is_required) {
      setError(property.id, t('metadata.value.required'));
      setStatus('notSaved');
      return;
    }
    if (pending.current.has(property.id) && sameMetadataValue(checked.value, pending.current.get(property.id) ?? null)) return;
    setError(property.id, undefined);
    setStatus('saving');
    pending.current.set(property.id, checked.value);
    try {
      await change.mutateAsync(
        checked.value === null
          ? { asset_ids: [asset.id], action: 'remove', values: [{ property_id: property.id }] }
          : { asset_ids: [asset.id], action: 'set', values: [{ property_id: property.id, value: checked.value }] },
      );
      setDraft(property.id, undefined);
      setStatus('saved');
    } catch (error) {
      setError(
        property.id,
        fieldErrorOf(error, 'values.0.value') ?? fieldErrorOf(error, 'values.0.property_id') ?? refusalOf(error, t('metadata.saveFailed')),
      );
      setStatus('notSaved');
    } finally {
      pending.current.delete(property.id);
    }
  };

  let body: ReactNode;
  if (properties.isPending) body = <LoadingState label={t('metadata.panel.loading')} />;
  else if (properties.isError)
    body = <LoadFailedAlert title={t('metadata.panel.loadFailed')} error={properties.error} onRetry={() => void properties.refetch()} />;
  else {
    const all = properties.data;
    // People who may not edit see only the viewable properties (the server sends only their values).
    const visible = all.filter((p) => (p.is_viewable || (canEdit && p.can_edit)) && isPropertyShown(p, saved, all));
    const missing = visible.filter((p) => p.is_required && !saved.has(p.id));
    const ordered = [...missing, ...visible.filter((p) => !missing.includes(p))];
    const canManage = all.some((p) => p.can_admin);
    body =
      ordered.length === 0 ? (
        <p className="asset-metadata__empty">{canManage ? t('metadata.panel.emptyAdmin') : t('metadata.panel.empty')}</p>
      ) : (
        <>
          {missing.length > 0 ? <p className="asset-metadata__missing">{t('metadata.panel.missing', { count: missing.length })}</p> : null}
          <ul className="asset-metadata__list">
            {ordered.map((p) => {
              const value = saved.get(p.id) ?? null;
              const isMissing = missing.includes(p);
              const label = (
                <>
                  {p.name}
                  {p.is_required ? (
                    <>
                      {' '}
                      <Badge tone={isMissing ? 'warning' : 'neutral'}>{t('metadata.panel.required')}</Badge>
                    </>
                  ) : null}
                </>
              );
              return (
                <li
                  key={p.id}
                  className={`asset-metadata__item${isMissing ? ' asset-metadata__item--missing' : ''}`}
                  data-testid={`metadata-${p.id}`}
                >
                  {canEdit && p.can_edit ? (
                    <>
                      <ValueInput
                        property={p}
                        label={label}
                        draft={drafts.get(p.id) ?? toDraft(p, value)}
                        onChange={(draft) => {
                          setDraft(p.id, draft);
                          setError(p.id, undefined);
                          setStatus(null);
                        }}
                        onCommit={(draft) => void save(p, draft)}
                        errorMessage={errors.get(p.id)}
                        allowEmpty={!p.is_required}
                      />
                      {p.type === 'URL' && typeof value === 'string' ? <ValueLink property={p} url={value} /> : null}
                    </>
                  ) : (
                    <ReadOnlyValue property={p} label={label} value={value} locale={i18n.language} />
                  )}
                </li>
              );
            })}
          </ul>
        </>
      );
    if (canManage)
      body = (
        <>
          {body}
          <LinkButton size="sm" variant="ghost" href={manageHref} className="asset-metadata__manage">
            {t('metadata.panel.manage')}
          </LinkButton>
        </>
      );
  }

  return (
    <section className="viewer-section asset-metadata" aria-labelledby={headingId} data-testid="asset-metadata">
      <div className="viewer-section__head">
        <h2 id={headingId} className="viewer-section__title">
          {t('metadata.panel.title')}
        </h2>
        {canEdit ? (
          <span className="asset-metadata__status" data-status={status ?? undefined} role="status">
            {status ? t(`metadata.${status}`) : ''}
          </span>
        ) : null}
      </div>
      {body}
    </section>
  );
}

function ValueLink({ property, url }: { property: MetadataProperty; url: string }) {
  const { t } = useTranslation();
  const newTab = property.should_be_opened_in_a_new_tab;
  return (
    <a className="asset-metadata__link" href={url} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : { rel: 'noreferrer' })}>
      {url}
      {newTab ? <span className="visually-hidden"> {t('metadata.value.opensNewTab')}</span> : null}
    </a>
  );
}

function ReadOnlyValue({
  property,
  label,
  value,
  locale,
}: {
  property: MetadataProperty;
  label: ReactNode;
  value: MetadataValue | null;
  locale: string;
}) {
  const { t } = useTranslation();
  const text = displayValue(property, value, locale);
  return (
    <dl className="asset-metadata__readonly">
      <dt>{label}</dt>
      <dd>
        {!text ? (
          <span className="asset-metadata__none">{t('metadata.value.none')}</span>
        ) : property.type === 'URL' && typeof value === 'string' ? (
          <ValueLink property={property} url={value} />
        ) : (
          text
        )}
      </dd>
    </dl>
  );
}
