import { SHARE_PASSWORD_MIN, type ShareDownload } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useWrite } from '../../lib/mutation';
import { Button } from '../../ui/Button';
import { AppDialog, ConfirmDialogActions } from '../../ui/Dialog';
import { Alert, Badge, EmptyState, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import {
  createShareLink,
  deleteShareLink,
  endOfDay,
  renewShareLinkAddress,
  type ShareLink,
  type ShareLinkChange,
  type ShareTarget,
  shareKeys,
  shareLinksQuery,
  updateShareLink,
} from './api';
import './shares.css';

const DOWNLOADS: ShareDownload[] = ['PREVIEW', 'ORIGINAL', 'NONE'];
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The one share dialog (assets, a folder, a collection; decision 0030): make a link (password, expiry, downloads),
 * copy its address (shown only when made or renewed), and manage the target's links: on or off, password, expiry,
 * downloads, a new address, delete. Each link says how often it was opened and downloaded.
 */
export function ShareDialog({
  target,
  name,
  isOpen,
  onOpenChange,
}: {
  target: ShareTarget;
  /** What is shared, for the title ("Share Press kit", "Share 3 assets"). */
  name: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const links = useQuery({ ...shareLinksQuery(target), enabled: isOpen });
  /** The address of the link just made or renewed: only this answer carries it. */
  const [fresh, setFresh] = useState<{ id: number; url: string } | null>(null);

  return (
    <AppDialog title={t('shares.title', { name })} isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      <div className="share-dialog">
        <NewLinkForm target={target} onCreated={(link) => link.url && setFresh({ id: link.id, url: link.url })} />
        {fresh ? <FreshAddress url={fresh.url} /> : null}
        <section className="share-dialog__links" aria-labelledby="share-links-heading">
          <h3 id="share-links-heading" className="share-dialog__heading">
            {t('shares.existing')}
          </h3>
          {links.isPending ? (
            <LoadingState label={t('shares.loading')} />
          ) : links.isError ? (
            <LoadFailedAlert title={t('shares.loadFailed')} error={links.error} onRetry={() => void links.refetch()} />
          ) : links.data.length === 0 ? (
            <EmptyState title={t('shares.none')}>{t('shares.noneHint')}</EmptyState>
          ) : (
            <ul className="share-dialog__list">
              {links.data.map((link) => (
                <li key={link.id}>
                  <LinkRow
                    link={link}
                    target={target}
                    onRenewed={(renewed) => renewed.url && setFresh({ id: renewed.id, url: renewed.url })}
                    onDeleted={() => fresh?.id === link.id && setFresh(null)}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
        <div className="dialog__actions">
          <Button slot="close" variant="primary">
            {t('shares.done')}
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}

/** What visitors may download, as the select's options. */
function useDownloadOptions() {
  const { t } = useTranslation();
  return DOWNLOADS.map((d) => ({ id: d, label: t(`shares.download.${d}`) }));
}

function NewLinkForm({ target, onCreated }: { target: ShareTarget; onCreated: (link: ShareLink) => void }) {
  const { t } = useTranslation();
  const downloadOptions = useDownloadOptions();
  const [password, setPassword] = useState('');
  const [expiry, setExpiry] = useState('');
  const [download, setDownload] = useState<ShareDownload>('PREVIEW');
  const [problem, setProblem] = useState<{ password?: string; expiry?: string }>({});
  const create = useWrite({
    mutationFn: () =>
      createShareLink(target, {
        download,
        ...(password ? { password } : {}),
        ...(expiry ? { expires_at: endOfDay(expiry) } : {}),
      }),
    invalidates: () => [shareKeys.all],
    failureMessage: (error) => errorMessage(error, t('shares.createFailed')),
    onSuccess: (link) => {
      setPassword('');
      setExpiry('');
      onCreated(link);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof problem = {};
    if (password && password.length < SHARE_PASSWORD_MIN) next.password = t('shares.passwordShort', { count: SHARE_PASSWORD_MIN });
    if (expiry && expiry < today()) next.expiry = t('shares.expiryPast');
    setProblem(next);
    if (!next.password && !next.expiry) create.mutate();
  };
  return (
    <section aria-labelledby="share-new-heading">
      <h3 id="share-new-heading" className="share-dialog__heading">
        {t('shares.newLink')}
      </h3>
      <Form className="share-dialog__form" onSubmit={submit}>
        <TextField
          label={t('shares.password')}
          description={t('shares.passwordHint')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          errorMessage={problem.password}
        />
        <TextField
          label={t('shares.expiry')}
          description={t('shares.expiryHint')}
          type="date"
          value={expiry}
          onChange={setExpiry}
          errorMessage={problem.expiry}
        />
        <SelectField
          label={t('shares.downloads')}
          options={downloadOptions}
          value={download}
          onChange={(v) => setDownload(v as ShareDownload)}
        />
        <div className="share-dialog__submit">
          <Button type="submit" variant="primary" isPending={create.busy}>
            {t('shares.create')}
          </Button>
        </div>
      </Form>
      {create.failure ? <Alert>{create.failure}</Alert> : null}
    </section>
  );
}

/** The address of a link, shown once: copy it now (only a hash of it is kept). */
function FreshAddress({ url }: { url: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <div className="share-dialog__address">
      <TextField label={t('shares.address')} description={t('shares.addressOnce')} value={url} isReadOnly className="share-dialog__url" />
      <Button onPress={() => void copy()}>{t('shares.copy')}</Button>
      <span role="status" className={copied === 'no' ? 'share-dialog__copy-failed' : 'share-dialog__copied'}>
        {copied === 'yes' ? t('shares.copied') : copied === 'no' ? t('shares.copyFailed') : ''}
      </span>
    </div>
  );
}

function LinkRow({
  link,
  target,
  onRenewed,
  onDeleted,
}: {
  link: ShareLink;
  target: ShareTarget;
  onRenewed: (link: ShareLink) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const invalidates = () => [shareKeys.ofTarget(target)];
  const update = useWrite({
    mutationFn: (body: ShareLinkChange) => updateShareLink(link.id, body),
    invalidates,
    failureMessage: (error) => errorMessage(error, t('shares.updateFailed')),
    onSuccess: () => setEditing(false),
  });
  const renew = useWrite({
    mutationFn: () => renewShareLinkAddress(link.id),
    invalidates,
    failureMessage: (error) => errorMessage(error, t('shares.updateFailed')),
    onSuccess: onRenewed,
  });
  const remove = useWrite({
    mutationFn: () => deleteShareLink(link.id),
    invalidates,
    failureMessage: (error) => errorMessage(error, t('shares.deleteFailed')),
    onSuccess: () => {
      setConfirming(false);
      onDeleted();
    },
  });
  const created = formatDate(link.created_at);
  return (
    <article className="share-link" aria-label={t('shares.linkLabel', { date: created })}>
      <div className="share-link__head">
        <span className="share-link__name">{t('shares.linkLabel', { date: created })}</span>
        <span className="share-link__badges">
          {link.is_enabled ? <Badge tone="success">{t('shares.enabled')}</Badge> : <Badge>{t('shares.disabled')}</Badge>}
          {link.is_password_protected ? <Badge tone="info">{t('shares.protected')}</Badge> : null}
          {link.is_expired ? (
            <Badge tone="danger">{t('shares.expired', { date: formatDate(link.expires_at ?? '') })}</Badge>
          ) : link.expires_at ? (
            <Badge tone="warning">{t('shares.expires', { date: formatDate(link.expires_at) })}</Badge>
          ) : null}
        </span>
      </div>
      <p className="share-link__stats">
        {t('shares.opened', { count: link.open_count })} · {t('shares.downloaded', { count: link.download_count })} ·{' '}
        {t(`shares.download.${link.download}`)}
      </p>
      <div className="share-link__actions">
        <Button size="sm" onPress={() => update.mutate({ is_enabled: !link.is_enabled })} isPending={update.busy && !editing}>
          {link.is_enabled ? t('shares.turnOff') : t('shares.turnOn')}
        </Button>
        <Button size="sm" onPress={() => setEditing(!editing)} aria-expanded={editing}>
          {t('shares.change')}
        </Button>
        <Button size="sm" onPress={() => renew.mutate()} isPending={renew.busy}>
          {t('shares.newAddress')}
        </Button>
        <Button size="sm" variant="danger" onPress={() => setConfirming(true)}>
          {t('shares.delete')}
        </Button>
      </div>
      {editing ? (
        <EditLink link={link} busy={update.busy} onSave={(body) => update.mutate(body)} onCancel={() => setEditing(false)} />
      ) : null}
      {update.failure || renew.failure ? <Alert>{update.failure ?? renew.failure}</Alert> : null}
      <AppDialog title={t('shares.deleteTitle')} role="alertdialog" isOpen={confirming} onOpenChange={setConfirming} size="sm">
        <p>{t('shares.deleteBody')}</p>
        {remove.failure ? <Alert>{remove.failure}</Alert> : null}
        <ConfirmDialogActions
          cancelLabel={t('common.cancel')}
          confirmLabel={t('shares.delete')}
          busy={remove.busy}
          onConfirm={() => remove.mutate()}
        />
      </AppDialog>
    </article>
  );
}

/** Password (new, or remove), expiry (new, or none) and downloads of one link. */
function EditLink({
  link,
  busy,
  onSave,
  onCancel,
}: {
  link: ShareLink;
  busy: boolean;
  onSave: (body: ShareLinkChange) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const downloadOptions = useDownloadOptions();
  const [password, setPassword] = useState('');
  const [removePassword, setRemovePassword] = useState(false);
  // An expired link's field starts empty: picking a day revives it, leaving it empty keeps it expired.
  const initialExpiry = link.expires_at && !link.is_expired ? link.expires_at.slice(0, 10) : '';
  const [expiry, setExpiry] = useState(initialExpiry);
  const [download, setDownload] = useState<ShareDownload>(link.download);
  const [problem, setProblem] = useState<{ password?: string; expiry?: string }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof problem = {};
    if (password && password.length < SHARE_PASSWORD_MIN) next.password = t('shares.passwordShort', { count: SHARE_PASSWORD_MIN });
    if (expiry && expiry < today()) next.expiry = t('shares.expiryPast');
    setProblem(next);
    if (next.password || next.expiry) return;
    const body: ShareLinkChange = {};
    if (removePassword) body.password = null;
    else if (password) body.password = password;
    if (expiry !== initialExpiry) body.expires_at = expiry ? endOfDay(expiry) : null;
    if (download !== link.download) body.download = download;
    if (Object.keys(body).length === 0) onCancel();
    else onSave(body);
  };
  return (
    <Form className="share-link__edit" onSubmit={submit}>
      {removePassword ? null : (
        <TextField
          label={link.is_password_protected ? t('shares.newPassword') : t('shares.password')}
          description={t('shares.passwordHint')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          errorMessage={problem.password}
        />
      )}
      {link.is_password_protected ? (
        <Button size="sm" onPress={() => setRemovePassword(!removePassword)} aria-pressed={removePassword}>
          {removePassword ? t('shares.keepPassword') : t('shares.removePassword')}
        </Button>
      ) : null}
      <TextField
        label={t('shares.expiry')}
        description={link.is_expired ? t('shares.expiredEditHint') : t('shares.expiryEditHint')}
        type="date"
        value={expiry}
        onChange={setExpiry}
        errorMessage={problem.expiry}
      />
      <SelectField
        label={t('shares.downloads')}
        options={downloadOptions}
        value={download}
        onChange={(v) => setDownload(v as ShareDownload)}
      />
      <div className="share-link__edit-actions">
        <Button size="sm" onPress={onCancel} isDisabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button size="sm" type="submit" variant="primary" isPending={busy}>
          {t('shares.save')}
        </Button>
      </div>
    </Form>
  );
}

/** A "Share…" button that opens the dialog (the viewer's and the collection page's entry). */
export function ShareButton({ target, name, size = 'sm' }: { target: ShareTarget; name: string; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} onPress={() => setOpen(true)}>
        {t('shares.share')}
      </Button>
      {open ? <ShareDialog target={target} name={name} isOpen onOpenChange={setOpen} /> : null}
    </>
  );
}
