import { extensionOf, extensionRefusal } from '@emblem/core';
import { useId, useRef, useState } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/api';
import { Button } from '../../ui/Button';
import { AppDialog, DialogCloseActions } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import { useToolkitWrite } from '../setting/useToolkitWrite';
import { FeatureEnableLink } from '../widgets/Tabs';

/** An attachment: id, filename, title, file_id, extension, plus the picker's name, ext, filesize_human, link. */
export interface Attachment {
  id: number;
  filename: string;
  title: string;
  file_id?: number | null;
  extension: string;
  filesize_human?: string;
  /** The download link. */
  link?: string;
}

/** The download address of an attachment: the link plus via-guideline=false. */
export function attachmentDownloadUrl(link: string): string {
  return `${link}${link.includes('?') ? '&' : '?'}via-guideline=false`;
}

export interface AttachmentsSettingProps {
  label: string;
  value: Attachment[];
  /** EDIT on the project: rename and the full actions menu. */
  canEdit: boolean;
  /** The project type and blocked extensions: uploads are filtered by them. */
  projectType?: string;
  blockedExtensions?: readonly string[];
  /** Creates an attachment from a file (the creation path belongs to the asset issue). */
  onUpload?: (file: File) => Promise<Attachment>;
  /** The storage quota check before uploading; false shows the storage-limit dialog. */
  checkQuota?: (files: File[]) => Promise<boolean>;
  onChange?: (attachments: Attachment[]) => void;
}

/**
 * Attachments: a list with an actions menu (download; with edit permission rename and delete);
 * rename goes to POST /api/attachment/update/{id}, delete to DELETE /api/asset-attachment/{id}; uploads are filtered
 * by extension (upload-invalid-extension dialog) and the storage quota (storage-limit dialog).
 */
export function AttachmentsSetting({
  label,
  value,
  canEdit,
  projectType = 'MEDIALIBRARY',
  blockedExtensions = [],
  onUpload,
  checkQuota,
  onChange,
}: AttachmentsSettingProps) {
  const { t } = useTranslation();
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [items, setItemsState] = useState<Attachment[]>(value);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string[] | null>(null);
  const [storageLimit, setStorageLimit] = useState(false);
  const uploadWrite = useToolkitWrite(setError);
  const editWrite = useToolkitWrite(setError);

  const setItems = (next: Attachment[]) => {
    setItemsState(next);
    onChange?.(next);
  };

  const rename = async (attachment: Attachment) => {
    const next = title.trim();
    setRenaming(null);
    if (!next || next === attachment.title) return;
    const saved = await editWrite.run(
      () => request(`/api/attachment/update/${attachment.id}`, { method: 'POST', body: { title: next } }).then(() => true),
      () => t('toolkit.attachments.renameFailed'),
    );
    if (saved) setItems(items.map((a) => (a.id === attachment.id ? { ...a, title: next } : a)));
  };

  const remove = async (attachment: Attachment) => {
    const deleted = await editWrite.run(
      () => request(`/api/asset-attachment/${attachment.id}`, { method: 'DELETE' }).then(() => true),
      () => t('toolkit.attachments.deleteFailed'),
    );
    if (deleted) setItems(items.filter((a) => a.id !== attachment.id));
  };

  const add = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (fileRef.current) fileRef.current.value = '';
    if (files.length === 0 || !onUpload) return;
    const refused = files.filter((f) => extensionRefusal(extensionOf(f.name), projectType, blockedExtensions) !== null);
    const accepted = files.filter((f) => !refused.includes(f));
    if (refused.length > 0) setInvalid(refused.map((f) => f.name));
    if (accepted.length === 0) return;
    if (checkQuota && !(await checkQuota(accepted))) {
      setStorageLimit(true);
      return;
    }
    const created = await uploadWrite.run(
      async () => {
        const uploaded: Attachment[] = [];
        for (const file of accepted) uploaded.push(await onUpload(file));
        return uploaded;
      },
      () => t('toolkit.attachments.uploadFailed'),
    );
    if (created) setItems([...items, ...created]);
  };

  return (
    <section className="setting setting--attachments" aria-labelledby={`${id}-label`} data-label={label}>
      <div className="setting__header">
        <h3 id={`${id}-label`} className="setting__label">
          {label}
        </h3>
      </div>
      {items.length === 0 ? <p className="muted">{t('toolkit.attachments.empty')}</p> : null}
      <ul className="attachments">
        {items.map((attachment) => (
          <li key={attachment.id} className="attachments__item">
            <span className="attachments__ext" aria-hidden="true">
              {attachment.extension.toUpperCase()}
            </span>
            {renaming === attachment.id ? (
              <input
                className="field__input"
                aria-label={t('toolkit.attachments.titleOf', { name: attachment.filename })}
                value={title}
                // biome-ignore lint/a11y/noAutofocus: the field replaces the title the user chose to rename.
                autoFocus
                onChange={(e) => setTitle(e.target.value)}
                onBlur={() => void rename(attachment)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    void rename(attachment);
                  } else if (e.key === 'Escape') {
                    e.preventDefault();
                    setRenaming(null);
                  }
                }}
              />
            ) : (
              <span className="attachments__title">
                {attachment.title || attachment.filename}
                {attachment.filesize_human ? <span className="muted"> · {attachment.filesize_human}</span> : null}
              </span>
            )}
            <MenuTrigger>
              <AriaButton
                className="button button--sm button--ghost"
                aria-label={t('toolkit.attachments.actions', { name: attachment.title || attachment.filename })}
              >
                ⋯
              </AriaButton>
              <Popover className="select__popover" data-popover="">
                <Menu
                  className="select__listbox"
                  onAction={(key) => {
                    if (key === 'download' && attachment.link) window.open(attachmentDownloadUrl(attachment.link), '_blank', 'noopener');
                    if (key === 'rename') {
                      setTitle(attachment.title || attachment.filename);
                      setRenaming(attachment.id);
                    }
                    if (key === 'delete') void remove(attachment);
                  }}
                >
                  {attachment.link ? (
                    <MenuItem id="download" className="select__option">
                      {t('toolkit.attachments.download')}
                    </MenuItem>
                  ) : null}
                  {canEdit ? (
                    <MenuItem id="rename" className="select__option">
                      {t('toolkit.attachments.rename')}
                    </MenuItem>
                  ) : null}
                  {canEdit ? (
                    <MenuItem id="delete" className="select__option">
                      {t('toolkit.attachments.delete')}
                    </MenuItem>
                  ) : null}
                </Menu>
              </Popover>
            </MenuTrigger>
          </li>
        ))}
      </ul>
      {canEdit && onUpload ? (
        <>
          <input
            ref={fileRef}
            type="file"
            multiple
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(e) => void add(e.target.files)}
          />
          <Button size="sm" onPress={() => fileRef.current?.click()} isPending={uploadWrite.busy}>
            {t('toolkit.attachments.add')}
          </Button>
        </>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      <AppDialog
        title={t('toolkit.attachments.invalidTitle')}
        isOpen={invalid !== null}
        onOpenChange={() => setInvalid(null)}
        size="sm"
        role="alertdialog"
      >
        <p>{t('toolkit.attachments.invalidText')}</p>
        <ul>
          {(invalid ?? []).map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
        <DialogCloseActions>{t('common.done')}</DialogCloseActions>
      </AppDialog>
      <AppDialog
        title={t('toolkit.attachments.storageTitle')}
        isOpen={storageLimit}
        onOpenChange={setStorageLimit}
        size="sm"
        role="alertdialog"
      >
        <p>{t('toolkit.attachments.storageText')}</p>
        <FeatureEnableLink feature="CORE_STORAGE_LIMIT">{t('toolkit.attachments.storageUpgrade')}</FeatureEnableLink>
        <DialogCloseActions>{t('common.done')}</DialogCloseActions>
      </AppDialog>
    </section>
  );
}
