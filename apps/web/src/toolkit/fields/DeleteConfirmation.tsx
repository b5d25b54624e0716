import { TOOLKIT_DELAYS } from '@emblem/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, request } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Alert } from '../../ui/Feedback';
import { useToolkitWrite } from '../setting/useToolkitWrite';

export interface DeleteFailure {
  message: string;
  link?: { url: string; text: string };
}

export interface DeleteConfirmationProps {
  label: string;
  /** DELETE here. */
  api: string;
  /** What is deleted, for the confirmation text. */
  subject: string;
  onDeleted?: () => void;
  /** The server answered that the item is referenced by blocks (delete-with-block-references dialog). */
  onReferenced?: (reply: unknown) => void;
  /**
   * Opened from elsewhere (a "Delete…" item of a menu): starts at the confirmation with its first button focused,
   * and Cancel calls `onCancel` instead of showing the delete button.
   */
  startConfirming?: boolean;
  onCancel?: () => void;
}

/** Reads error_message or error, with an optional link {url, text}, from a refused delete. */
export function deleteFailure(body: unknown, fallback: string): DeleteFailure {
  const b = (typeof body === 'object' && body !== null ? body : {}) as {
    error_message?: string;
    error?: string;
    link?: { url?: string; text?: string };
  };
  const message = b.error_message ?? b.error ?? fallback;
  const link = b.link?.url && b.link.text ? { url: b.link.url, text: b.link.text } : undefined;
  return link ? { message, link } : { message };
}

/**
 * Delete confirmation: a button, then a confirmation with delete and cancel; a failure shows an error
 * panel. After success the row fades out (200 ms after a 190 ms delay) before onDeleted.
 */
export function DeleteConfirmation({ label, api, subject, onDeleted, onReferenced, startConfirming, onCancel }: DeleteConfirmationProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'button' | 'confirm' | 'deleted'>(startConfirming ? 'confirm' : 'button');
  const [failure, setFailure] = useState<DeleteFailure | null>(null);
  const deleteWrite = useToolkitWrite(setFailure);
  /** The confirmation shows "deleting" while the DELETE runs. */
  const shownStep = step === 'confirm' && deleteWrite.busy ? 'deleting' : step;
  const confirmRef = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (startConfirming) confirmRef.current?.querySelector<HTMLElement>('button')?.focus();
  }, [startConfirming]);
  const cancel = () => (onCancel ? onCancel() : setStep('button'));
  const run = async () => {
    setFailure(null);
    await deleteWrite.run(
      async () => {
        const body = await request<unknown>(api, { method: 'DELETE' });
        const reply = (body ?? {}) as { success?: boolean; referenced?: unknown };
        if (reply.referenced) {
          setStep('button');
          onReferenced?.(body);
          return;
        }
        if (reply.success === false) throw new ApiError(200, JSON.stringify(body));
        setStep('deleted');
        setTimeout(() => onDeleted?.(), TOOLKIT_DELAYS.deleteAnimationDelay + TOOLKIT_DELAYS.deleteAnimation);
      },
      (error) => {
        let body: unknown = null;
        if (error instanceof ApiError) {
          try {
            body = JSON.parse(error.body);
          } catch {
            body = null;
          }
        }
        setStep('confirm');
        return deleteFailure(body, t('toolkit.delete.failed'));
      },
    );
  };
  return (
    <div className="delete-confirmation" data-step={shownStep}>
      {step === 'button' ? (
        <Button
          variant="danger"
          onPress={() => {
            setStep('confirm');
            requestAnimationFrame(() => confirmRef.current?.querySelector<HTMLElement>('button')?.focus());
          }}
        >
          {label}
        </Button>
      ) : step === 'deleted' ? (
        <p role="status">{t('toolkit.delete.done', { subject })}</p>
      ) : (
        <fieldset ref={confirmRef} className="delete-confirmation__confirm">
          <legend className="delete-confirmation__question">{t('toolkit.delete.question', { subject })}</legend>
          <div className="dialog__actions">
            <Button onPress={cancel} isDisabled={shownStep === 'deleting'}>
              {t('common.cancel')}
            </Button>
            <Button variant="danger" onPress={() => void run()} isPending={shownStep === 'deleting'}>
              {t('toolkit.delete.confirm')}
            </Button>
          </div>
        </fieldset>
      )}
      {failure ? (
        <Alert title={t('toolkit.delete.failedTitle')}>
          <p>{failure.message}</p>
          {failure.link ? <a href={failure.link.url}>{failure.link.text}</a> : null}
        </Alert>
      ) : null}
    </div>
  );
}
