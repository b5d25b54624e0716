import { type FormEvent, useState, useSyncExternalStore } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api';
import { formatDate, formatDuration, formatSize } from '../../lib/format';
import { apiFieldErrors, useFormErrors } from '../../lib/forms';
import { Button } from '../../ui/Button';
import { Alert } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import type { Asset } from '../library/api';
import type { ProjectContext } from '../projects/api';
import { useUpdateAsset } from './mutations';

/**
 * The version (modified_at) each asset's details were last saved as. The viewer rebuilds this panel when the asset
 * changes (it is keyed by modified_at, so the fields take the saved values), which would drop a "Saved" held in the
 * panel's own state; kept here, the rebuilt panel still says it while its values are the ones just saved.
 */
const savedVersions = new Map<number, string>();
const savedListeners = new Set<() => void>();

function markSaved(assetId: number, version: string): void {
  savedVersions.set(assetId, version);
  for (const listener of savedListeners) listener();
}

function subscribeSaved(listener: () => void): () => void {
  savedListeners.add(listener);
  return () => savedListeners.delete(listener);
}

function useSavedVersion(assetId: number): string | null {
  return useSyncExternalStore(subscribeSaved, () => savedVersions.get(assetId) ?? null);
}

/**
 * Title, description and alternative text: editable with EDIT (PATCH /api/asset/{id}), read-only otherwise. Beside
 * Save a live region says "Saving…", then "Saved" until the fields change again, or "Not saved".
 */
export function AssetDetails({ asset, canEdit }: { asset: Asset; canEdit: boolean }) {
  const { t } = useTranslation();
  const save = useUpdateAsset(asset);
  const { errors, setErrors, clearError } = useFormErrors();
  const [title, setTitle] = useState(asset.title ?? '');
  const [description, setDescription] = useState(asset.description ?? '');
  const [altText, setAltText] = useState(asset.alternative_text ?? '');
  const savedVersion = useSavedVersion(asset.id);
  const [refused, setRefused] = useState(false);
  // Field messages show beside their fields; anything else as one alert.
  const failure =
    save.error && Object.keys(apiFieldErrors(save.error)).length === 0 ? errorMessage(save.error, t('viewer.saveFailed')) : null;

  if (!canEdit) {
    return (
      <section className="viewer-section" aria-labelledby="asset-details-heading">
        <h2 id="asset-details-heading" className="viewer-section__title">
          {t('viewer.details')}
        </h2>
        <dl className="meta-list">
          <div>
            <dt>{t('viewer.description')}</dt>
            <dd>{asset.description || '—'}</dd>
          </div>
          <div>
            <dt>{t('viewer.altText')}</dt>
            <dd>{asset.alternative_text || '—'}</dd>
          </div>
        </dl>
      </section>
    );
  }

  const changes = {
    ...(title.trim() !== (asset.title ?? '') ? { title: title.trim() } : {}),
    ...(description !== (asset.description ?? '') ? { description } : {}),
    ...(altText !== (asset.alternative_text ?? '') ? { alternative_text: altText } : {}),
  };
  const changed = Object.keys(changes).length > 0;
  const status = save.busy ? 'saving' : refused ? 'notSaved' : !changed && savedVersion === asset.modified_at ? 'saved' : null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.reset();
    setRefused(false);
    if (!changed) return;
    if (changes.title !== undefined && changes.title === '') {
      setErrors({ title: t('viewer.titleRequired') }, event.currentTarget);
      setRefused(true);
      return;
    }
    const form = event.currentTarget;
    try {
      const updated = await save.mutateAsync(changes);
      markSaved(asset.id, updated.modified_at);
    } catch (error) {
      setRefused(true);
      const fieldErrors = apiFieldErrors(error);
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors, form);
    }
  };
  const edited = () => setRefused(false);

  return (
    <section className="viewer-section" aria-labelledby="asset-details-heading">
      <h2 id="asset-details-heading" className="viewer-section__title">
        {t('viewer.details')}
      </h2>
      {failure ? <Alert>{failure}</Alert> : null}
      <Form className="form" onSubmit={(e) => void onSubmit(e)} validationBehavior="aria">
        <TextField
          label={t('viewer.title')}
          name="title"
          isRequired
          value={title}
          onChange={(value) => {
            setTitle(value);
            edited();
            clearError('title');
          }}
          errorMessage={errors.title}
        />
        <TextField
          label={t('viewer.description')}
          name="description"
          multiline
          rows={3}
          value={description}
          onChange={(value) => {
            setDescription(value);
            edited();
            clearError('description');
          }}
          errorMessage={errors.description}
        />
        <TextField
          label={t('viewer.altText')}
          name="alternative_text"
          multiline
          rows={2}
          description={t('viewer.altTextHint')}
          value={altText}
          onChange={(value) => {
            setAltText(value);
            edited();
            clearError('alternative_text');
          }}
          errorMessage={errors.alternative_text}
        />
        <div className="form__actions asset-details__actions">
          <Button type="submit" variant="primary" size="sm" isDisabled={!changed} isPending={save.busy}>
            {t('viewer.save')}
          </Button>
          <span className="asset-details__status" data-status={status ?? undefined} role="status">
            {status === 'saving'
              ? t('viewer.saving')
              : status === 'saved'
                ? t('viewer.saved')
                : status === 'notSaved'
                  ? t('viewer.notSaved')
                  : ''}
          </span>
        </div>
      </Form>
    </section>
  );
}

/** Type, size, dimensions, duration, pages, colour space, dates, creator and where the asset lives. */
export function AssetInformation({ asset, project, base }: { asset: Asset; project: ProjectContext; base: string }) {
  const { t, i18n } = useTranslation();
  const rows: [string, React.ReactNode][] = [
    [t('viewer.meta.type'), t(`assetTypes.${asset.type}`, { defaultValue: asset.type })],
    [t('viewer.meta.extension'), asset.extension ? asset.extension.toUpperCase() : '—'],
    [t('viewer.meta.size'), formatSize(asset.size)],
  ];
  if (asset.width && asset.height)
    rows.push([t('viewer.meta.dimensions'), t('viewer.meta.pixels', { width: asset.width, height: asset.height })]);
  if (asset.duration) rows.push([t('viewer.meta.duration'), formatDuration(asset.duration)]);
  if (asset.page_count) rows.push([t('viewer.meta.pages'), String(asset.page_count)]);
  if (asset.color_space) rows.push([t('viewer.meta.colorSpace'), asset.color_space]);
  rows.push([t('viewer.meta.created'), formatDate(asset.created_at, i18n.language, 'long')]);
  if (asset.file_created_at) rows.push([t('viewer.meta.fileCreated'), formatDate(asset.file_created_at, i18n.language, 'long')]);
  rows.push([t('viewer.meta.creator'), asset.creator?.name ?? '—']);
  if (asset.filename) rows.push([t('viewer.meta.filename'), asset.filename]);

  const crumbs = asset.location?.breadcrumbs ?? [];
  return (
    <section className="viewer-section" aria-labelledby="asset-info-heading">
      <h2 id="asset-info-heading" className="viewer-section__title">
        {t('viewer.information')}
      </h2>
      <dl className="meta-list meta-list--grid">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="meta-list__wide">
          <dt>{t('viewer.meta.location')}</dt>
          <dd>
            <ol className="location-crumbs">
              <li>
                <Link to={base}>{project.name}</Link>
              </li>
              {crumbs
                .filter((crumb) => crumb.id !== 0)
                .map((crumb) => (
                  <li key={crumb.id}>
                    <Link to={`${base}/folders/${crumb.id}`}>{crumb.name}</Link>
                  </li>
                ))}
            </ol>
          </dd>
        </div>
      </dl>
    </section>
  );
}
