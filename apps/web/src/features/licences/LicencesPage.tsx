import type { LicenceResponse } from '@emblem/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { RichTextEditor } from '../../toolkit/editor/RichTextEditor';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { AppDialog, ConfirmDialogActions, FormDialogActions } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { ACCEPTANCES_CSV_URL, deleteLicence, licencesQueryKey, listLicences, saveLicence } from './api';
import './licences.css';

/**
 * /settings/account/licences (account admins, decision 0031): the account's licences — create and edit (title,
 * rich text, whether a download waits for consent), delete after confirming — and the CSV of acceptances.
 */
export function LicencesPage() {
  const { t } = useTranslation();
  const licences = useQuery({ queryKey: licencesQueryKey, queryFn: listLicences });
  const [editing, setEditing] = useState<LicenceResponse | 'new' | null>(null);
  const [deleting, setDeleting] = useState<LicenceResponse | null>(null);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: number) => deleteLicence(id),
    onSuccess: () => {
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: licencesQueryKey });
    },
  });
  const list = licences.data ?? [];
  return (
    <main className="page licences-page">
      <header className="licences-page__header">
        <h1>{t('licences.page.title')}</h1>
        <div className="licences-page__actions">
          <a className="button button--secondary" href={ACCEPTANCES_CSV_URL} download>
            {t('licences.page.exportCsv')}
          </a>
          <Button variant="primary" onPress={() => setEditing('new')}>
            {t('licences.page.new')}
          </Button>
        </div>
      </header>
      <p className="licences-page__intro">{t('licences.page.intro')}</p>
      {licences.isError ? (
        <p role="alert">{errorMessage(licences.error, t('licences.page.loadFailed'))}</p>
      ) : licences.isPending ? (
        <p>{t('licences.page.loading')}</p>
      ) : list.length === 0 ? (
        <section className="licences-page__empty" aria-labelledby="licences-empty">
          <h2 id="licences-empty">{t('licences.page.emptyTitle')}</h2>
          <p>{t('licences.page.emptyText')}</p>
        </section>
      ) : (
        <ul className="licences-page__list" aria-label={t('licences.page.title')}>
          {list.map((l) => (
            <li key={l.id} className="licences-page__item">
              <div>
                <h2 className="licences-page__name">{l.title}</h2>
                <p className="licences-page__meta">
                  {[
                    l.require_consensus ? t('licences.page.requiresConsent') : t('licences.page.noConsent'),
                    t('licences.page.assetCount', { count: l.asset_count }),
                  ].join(' · ')}
                </p>
              </div>
              <div className="licences-page__item-actions">
                <Button size="sm" onPress={() => setEditing(l)} aria-label={t('licences.page.editNamed', { title: l.title })}>
                  {t('licences.page.edit')}
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  onPress={() => setDeleting(l)}
                  aria-label={t('licences.page.deleteNamed', { title: l.title })}
                >
                  {t('licences.page.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing ? <LicenceDialog licence={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <AppDialog
        title={t('licences.page.deleteTitle')}
        role="alertdialog"
        isOpen={deleting !== null}
        onOpenChange={(open) => (!open ? setDeleting(null) : undefined)}
        size="sm"
      >
        <p className="dialog__text">{t('licences.page.deleteText', { title: deleting?.title ?? '', count: deleting?.asset_count ?? 0 })}</p>
        {remove.isError ? <p role="alert">{errorMessage(remove.error, t('licences.page.deleteFailed'))}</p> : null}
        <ConfirmDialogActions
          cancelLabel={t('licences.page.cancel')}
          confirmLabel={t('licences.page.delete')}
          busy={remove.isPending}
          onConfirm={() => deleting && remove.mutate(deleting.id)}
        />
      </AppDialog>
    </main>
  );
}

function LicenceDialog({ licence, onClose }: { licence: LicenceResponse | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(licence?.title ?? '');
  const [text, setText] = useState(licence?.text ?? '');
  const [requireConsensus, setRequireConsensus] = useState(licence?.require_consensus ?? false);
  const save = useMutation({
    mutationFn: () => saveLicence(licence?.id ?? null, { title, text, require_consensus: requireConsensus }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: licencesQueryKey });
      onClose();
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <AppDialog
      title={licence ? t('licences.page.editTitle') : t('licences.page.newTitle')}
      isOpen
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      isDismissable={!save.isPending}
    >
      <Form className="form" onSubmit={submit} aria-label={licence ? t('licences.page.editTitle') : t('licences.page.newTitle')}>
        <TextField label={t('licences.page.fieldTitle')} value={title} onChange={setTitle} isRequired maxLength={200} />
        <div className="licences-page__editor">
          <RichTextEditor value={text} label={t('licences.page.fieldText')} onChange={setText} />
        </div>
        <Checkbox isSelected={requireConsensus} onChange={setRequireConsensus} description={t('licences.page.fieldConsentHint')}>
          {t('licences.page.fieldConsent')}
        </Checkbox>
        {save.isError ? (
          <p className="field__error" role="alert">
            {errorMessage(save.error, t('licences.page.saveFailed'))}
          </p>
        ) : null}
        <FormDialogActions cancelLabel={t('licences.page.cancel')} submitLabel={t('licences.page.save')} submitting={save.isPending} />
      </Form>
    </AppDialog>
  );
}
