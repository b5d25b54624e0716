import { type FormEvent, useId, useState } from 'react';
import { FieldError, Form, Input, Label, Text, TextField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { apiFieldErrors } from '../../lib/forms';
import { Button } from '../../ui/Button';
import { Alert } from '../../ui/Feedback';
import type { Asset } from '../library/api';
import { useUpdateAsset } from './mutations';

/**
 * An asset's expiry (decision 0033): the day from which visitors, share links and public pages no longer show it,
 * kept as midnight of that day where the editor is. Editors pick or clear the day (a native date field: typed in
 * segments with the keyboard, or picked from the browser's calendar); others see it.
 */

/** The local calendar day (YYYY-MM-DD) of an instant. */
export function localDay(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Midnight of a local calendar day, as an ISO instant (null for an incomplete or impossible day). */
export function dayStart(day: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getMonth() === Number(m[2]) - 1 ? d.toISOString() : null;
}

export function AssetExpiry({ asset, canEdit }: { asset: Asset; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const save = useUpdateAsset(asset);
  const saved = localDay(asset.expires_at);
  const [day, setDay] = useState(saved);
  // A saved change puts the saved day in the field (the panel is not rebuilt, so its status stays).
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setDay(saved);
  }
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<'saved' | 'removed' | null>(null);
  const failure =
    save.error && Object.keys(apiFieldErrors(save.error)).length === 0 ? errorMessage(save.error, t('viewer.saveFailed')) : null;

  const heading = (
    <h2 id={headingId} className="viewer-section__title">
      {t('viewer.expiry.title')}
    </h2>
  );
  if (!canEdit) {
    return (
      <section className="viewer-section" aria-labelledby={headingId}>
        {heading}
        <p className="viewer-expiry__text">
          {asset.expires_at
            ? t(asset.is_expired ? 'viewer.expiry.expiredOn' : 'viewer.expiry.expiresOn', {
                date: formatDate(asset.expires_at, i18n.language, 'long'),
              })
            : t('viewer.expiry.none')}
        </p>
      </section>
    );
  }

  const send = async (expiresAt: string | null) => {
    save.reset();
    setStatus(null);
    try {
      await save.mutateAsync({ expires_at: expiresAt });
      setStatus(expiresAt ? 'saved' : 'removed');
    } catch (e) {
      const fields = apiFieldErrors(e);
      if (fields.expires_at) setError(fields.expires_at);
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const expiresAt = dayStart(day);
    if (!expiresAt) {
      setError(t('viewer.expiry.invalid'));
      return;
    }
    void send(expiresAt);
  };

  return (
    <section className="viewer-section" aria-labelledby={headingId}>
      {heading}
      {failure ? <Alert>{failure}</Alert> : null}
      <Form className="form viewer-expiry" onSubmit={onSubmit} validationBehavior="aria">
        <TextField
          className="field"
          name="expires_at"
          type="date"
          value={day}
          onChange={(value) => {
            setDay(value);
            setError(null);
            setStatus(null);
          }}
          isInvalid={error !== null}
          validationBehavior="aria"
        >
          <Label className="field__label">{t('viewer.expiry.label')}</Label>
          <Input className="field__input viewer-expiry__input" />
          <Text slot="description" className="field__description">
            {t('viewer.expiry.hint')}
          </Text>
          <FieldError className="field__error">{error}</FieldError>
        </TextField>
        <div className="form__actions asset-details__actions">
          <Button type="submit" variant="primary" size="sm" isDisabled={day === saved || day === ''} isPending={save.busy}>
            {t('viewer.expiry.save')}
          </Button>
          {asset.expires_at ? (
            <Button
              size="sm"
              variant="ghost"
              isDisabled={save.busy}
              onPress={() => {
                setDay('');
                setError(null);
                void send(null);
              }}
            >
              {t('viewer.expiry.remove')}
            </Button>
          ) : null}
          <span className="asset-details__status" role="status">
            {save.busy
              ? t('viewer.saving')
              : status === 'saved'
                ? t('viewer.saved')
                : status === 'removed'
                  ? t('viewer.expiry.removed')
                  : ''}
          </span>
        </div>
      </Form>
    </section>
  );
}
