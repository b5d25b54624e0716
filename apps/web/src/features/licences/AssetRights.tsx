import { COPYRIGHT_STATUSES } from '@emblem/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { type Asset, assetKeys } from '../library/api';
import { licencesQueryKey, listLicences, saveAssetRights } from './api';

/** The viewer's "Rights" section (decision 0031): copyright and licences; editable with EDIT, read-only otherwise. */
export function AssetRights({ asset, canEdit }: { asset: Asset; canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const licences = useQuery({ queryKey: licencesQueryKey, queryFn: listLicences, enabled: canEdit });
  const [status, setStatus] = useState<string>(asset.copyright.status);
  const [notice, setNotice] = useState(asset.copyright.notice);
  const [required, setRequired] = useState(asset.copyright.is_download_consent_required);
  const [picked, setPicked] = useState<number[]>(asset.licenses.map((l) => l.id));
  const save = useMutation({
    mutationFn: () =>
      saveAssetRights(asset.id, { licence_ids: picked, copyright: { status, notice, is_download_consent_required: required } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });
  const statusLabel = (s: string) => t(`licences.rights.status.${s as (typeof COPYRIGHT_STATUSES)[number]}`);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <section className="viewer-section" aria-labelledby="asset-rights-heading">
      <h2 id="asset-rights-heading" className="viewer-section__title">
        {t('licences.rights.title')}
      </h2>
      {canEdit ? (
        <Form className="form" onSubmit={submit} aria-label={t('licences.rights.title')}>
          <SelectField
            label={t('licences.rights.copyright')}
            name="copyright_status"
            options={COPYRIGHT_STATUSES.map((id) => ({ id, label: statusLabel(id) }))}
            value={status}
            onChange={setStatus}
          />
          <TextField label={t('licences.rights.notice')} value={notice} onChange={setNotice} maxLength={2000} />
          <fieldset className="asset-rights__licences">
            <legend>{t('licences.rights.licences')}</legend>
            {(licences.data ?? []).length === 0 ? <p>{t('licences.rights.noLicencesYet')}</p> : null}
            {(licences.data ?? []).map((l) => (
              <Checkbox
                key={l.id}
                isSelected={picked.includes(l.id)}
                onChange={(on) => setPicked((p) => (on ? [...p, l.id] : p.filter((id) => id !== l.id)))}
              >
                {l.title}
              </Checkbox>
            ))}
          </fieldset>
          <Checkbox isSelected={required} onChange={setRequired}>
            {t('licences.rights.requireConsent')}
          </Checkbox>
          {save.isError ? (
            <p className="field__error" role="alert">
              {errorMessage(save.error, t('licences.rights.saveFailed'))}
            </p>
          ) : null}
          {save.isSuccess ? <p role="status">{t('licences.rights.saved')}</p> : null}
          <Button type="submit" size="sm" variant="primary" isPending={save.isPending}>
            {t('licences.rights.save')}
          </Button>
        </Form>
      ) : (
        <dl className="meta-list">
          <dt>{t('licences.rights.copyright')}</dt>
          <dd>{statusLabel(asset.copyright.status)}</dd>
          <dt>{t('licences.rights.notice')}</dt>
          <dd>{asset.copyright.notice || t('licences.rights.none')}</dd>
          <dt>{t('licences.rights.licences')}</dt>
          <dd>{asset.licenses.length > 0 ? asset.licenses.map((l) => l.title).join(', ') : t('licences.rights.none')}</dd>
          <dt>{t('licences.rights.requireConsent')}</dt>
          <dd>{asset.requires_consent ? t('licences.rights.yes') : t('licences.rights.no')}</dd>
        </dl>
      )}
    </section>
  );
}
