import { extensionOf } from '@emblem/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../lib/format';
import { Button } from '../../ui/Button';
import { AppDialog } from '../../ui/Dialog';
import { type ExtensionRules, extensionRulesQuery, type StorageUsage, storageUsageQuery } from '../projects/api';
import { fitsStorage, partitionByExtension } from './precheck';
import type { UploadTarget } from './queue';
import { getUploadQueue } from './store';

type Pending =
  | { kind: 'extension'; accepted: File[]; refused: File[]; rules: ExtensionRules; target: UploadTarget }
  | { kind: 'storage'; usage: StorageUsage; bytes: number; count: number }
  | null;

/**
 * Before files join the upload queue, they are checked: files whose extension the project does not
 * take are listed in the upload-invalid-extension dialog (the others may go on), and a selection that would
 * exceed the account's storage shows the storage-limit dialog instead of starting.
 * If either lookup fails, the upload goes ahead: the server refuses what it must, with its own message.
 */
export function useUploadStarter(projectId: number): {
  start: (files: readonly File[], target: UploadTarget) => Promise<void>;
  checking: boolean;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>(null);
  const [open, setOpen] = useState(false);
  const [checking, setChecking] = useState(false);

  const checkStorage = useCallback(
    async (files: File[], target: UploadTarget) => {
      if (files.length === 0) return;
      const bytes = files.reduce((sum, f) => sum + f.size, 0);
      let usage: StorageUsage | null = null;
      try {
        usage = await queryClient.fetchQuery(storageUsageQuery);
      } catch {
        usage = null;
      }
      if (usage && !fitsStorage(usage, bytes)) {
        setPending({ kind: 'storage', usage, bytes, count: files.length });
        setOpen(true);
        return;
      }
      getUploadQueue().add(files, target);
    },
    [queryClient],
  );

  const start = useCallback(
    async (input: readonly File[], target: UploadTarget) => {
      const files = [...input];
      if (files.length === 0) return;
      setChecking(true);
      try {
        let rules: ExtensionRules | null = null;
        try {
          rules = await queryClient.fetchQuery(extensionRulesQuery(projectId));
        } catch {
          rules = null;
        }
        if (rules) {
          const { accepted, refused } = partitionByExtension(files, rules);
          if (refused.length > 0) {
            setPending({ kind: 'extension', accepted, refused, rules, target });
            setOpen(true);
            return;
          }
        }
        await checkStorage(files, target);
      } finally {
        setChecking(false);
      }
    },
    [queryClient, projectId, checkStorage],
  );

  const close = () => setOpen(false);

  let dialogs: ReactNode = null;
  if (pending?.kind === 'extension') {
    const { accepted, refused, rules, target } = pending;
    const allowed = rules.allowed ? rules.allowed.map((e) => `.${e.replace(/^\./, '')}`).join(', ') : null;
    dialogs = (
      <AppDialog title={t('uploads.invalidExtension.title', { count: refused.length })} isOpen={open} onOpenChange={setOpen} size="md">
        <p>{t('uploads.invalidExtension.text', { count: refused.length })}</p>
        <ul className="refused-files">
          {refused.map((file) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`}>
              <span className="refused-files__name">{file.name}</span>
              <span className="refused-files__ext">
                {extensionOf(file.name) ? `.${extensionOf(file.name)}` : t('uploads.invalidExtension.none')}
              </span>
            </li>
          ))}
        </ul>
        {allowed ? <p className="muted">{t('uploads.invalidExtension.allowed', { list: allowed })}</p> : null}
        <div className="dialog__actions">
          {accepted.length > 0 ? (
            <>
              <Button slot="close">{t('common.cancel')}</Button>
              <Button
                variant="primary"
                autoFocus
                onPress={() => {
                  close();
                  void checkStorage(accepted, target);
                }}
              >
                {t('uploads.invalidExtension.uploadOthers', { count: accepted.length })}
              </Button>
            </>
          ) : (
            <Button variant="primary" slot="close" autoFocus>
              {t('common.ok')}
            </Button>
          )}
        </div>
      </AppDialog>
    );
  } else if (pending?.kind === 'storage') {
    const { usage, bytes, count } = pending;
    const free = Math.max(0, usage.limit_bytes - usage.used_bytes);
    dialogs = (
      <AppDialog title={t('uploads.storageLimit.title')} isOpen={open} onOpenChange={setOpen} size="sm">
        <p>
          {t('uploads.storageLimit.text', {
            count,
            needed: formatSize(bytes),
            free: formatSize(free),
            limit: formatSize(usage.limit_bytes),
          })}
        </p>
        <p>{t('uploads.storageLimit.upgrade')}</p>
        <div className="dialog__actions">
          <Button variant="primary" slot="close" autoFocus>
            {t('common.ok')}
          </Button>
        </div>
      </AppDialog>
    );
  }

  return { start, checking, dialogs };
}
