import { submitterSchema } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { type DragEvent, type FormEvent, useId, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { formatDateTime, formatSize } from '../../lib/format';
import { Button } from '../../ui/Button';
import { Alert, LoadingState } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import { submissionPageQuery, uploadSubmission } from './api';
import './submissions.css';

interface Item {
  key: string;
  file: File;
  state: 'waiting' | 'sending' | 'done' | 'refused';
  progress: number;
  message: string | null;
  late: boolean;
}

/**
 * /submit/{token}: the public upload page of a submission request (decision 0032). No account and no session UI:
 * name and e-mail, files by drag and drop or the picker, one upload per file with its progress and its refusal.
 */
export function SubmitPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const page = useQuery(submissionPageQuery(token));
  if (page.isPending) return <LoadingState label={t('submissions.public.loading')} />;
  if (page.isError)
    return (
      <div className="submit-page">
        <h1 className="submit-page__title">{t('submissions.public.unavailableTitle')}</h1>
        <Alert>{errorMessage(page.error, t('submissions.public.unavailable'))}</Alert>
      </div>
    );
  const request = page.data;
  return (
    <div className="submit-page">
      <p className="submit-page__eyebrow">{t('submissions.public.eyebrow', { library: request.library_name })}</p>
      <h1 className="submit-page__title">{request.title}</h1>
      {request.instructions ? <p className="submit-page__instructions">{request.instructions}</p> : null}
      {request.deadline_at ? (
        <p className="submit-page__deadline">
          {t('submissions.public.deadline', { date: formatDateTime(request.deadline_at) })}
          {request.is_late ? ` ${t('submissions.public.lateNote')}` : ''}
        </p>
      ) : null}
      <SubmitForm
        token={token}
        accepted={request.accepted_extensions}
        blocked={request.blocked_extensions}
        maxBytes={request.max_file_bytes}
      />
    </div>
  );
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function SubmitForm({ token, accepted, blocked, maxBytes }: { token: string; accepted: string[]; blocked: string[]; maxBytes: number }) {
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const [sending, setSending] = useState(false);
  const [finished, setFinished] = useState(false);

  const update = (key: string, change: Partial<Item>) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...change } : i)));

  /** What the page can tell before sending (the server checks everything again). */
  const refusalOf = (file: File): string | null => {
    const ext = extensionOf(file.name);
    if (blocked.includes(ext) || (accepted.length > 0 && !accepted.includes(ext)))
      return t('submissions.public.typeRefused', { extension: ext ? `.${ext}` : t('submissions.public.noExtension') });
    if (file.size > maxBytes) return t('submissions.public.tooLarge', { size: formatSize(maxBytes) });
    if (file.size === 0) return t('submissions.public.empty');
    return null;
  };

  const add = (files: FileList | null) => {
    if (!files) return;
    setFinished(false);
    const added = [...files].map((file, i): Item => {
      const refusal = refusalOf(file);
      return {
        key: `${Date.now()}-${i}-${file.name}`,
        file,
        state: refusal ? 'refused' : 'waiting',
        progress: 0,
        message: refusal,
        late: false,
      };
    });
    setItems((all) => [...all, ...added]);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = submitterSchema.safeParse({ name, email });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    const queue = items.filter((i) => i.state === 'waiting');
    if (queue.length === 0) {
      setErrors({ files: t('submissions.public.noFiles') });
      return;
    }
    setSending(true);
    for (const item of queue) {
      update(item.key, { state: 'sending', progress: 0 });
      try {
        const result = await uploadSubmission(token, parsed.data, item.file, (p) => update(item.key, { progress: p })).promise;
        update(item.key, { state: 'done', progress: 1, late: result.late });
      } catch (error) {
        update(item.key, { state: 'refused', message: errorMessage(error, t('submissions.public.failed')) });
      }
    }
    setSending(false);
    setFinished(true);
  };

  const done = items.filter((i) => i.state === 'done').length;
  return (
    <Form className="submit-form" onSubmit={onSubmit} validationBehavior="aria">
      <div className="submit-form__people">
        <TextField
          label={t('submissions.public.name')}
          value={name}
          onChange={setName}
          isRequired
          autoComplete="name"
          errorMessage={errors.name}
        />
        <TextField
          label={t('submissions.public.email')}
          type="email"
          value={email}
          onChange={setEmail}
          isRequired
          autoComplete="email"
          errorMessage={errors.email}
        />
      </div>
      <section
        className={`submit-drop${dragging ? ' submit-drop--active' : ''}`}
        aria-labelledby={`${inputId}-label`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p id={`${inputId}-label`} className="submit-drop__title">
          {t('submissions.public.dropTitle')}
        </p>
        <label className="button button button--secondary submit-drop__pick" htmlFor={inputId}>
          {t('submissions.public.choose')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="visually-hidden"
          type="file"
          multiple
          accept={accepted.length > 0 ? accepted.map((e) => `.${e}`).join(',') : undefined}
          onChange={(e) => {
            add(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
        <p className="submit-drop__hint">
          {accepted.length > 0
            ? t('submissions.public.accepted', { list: accepted.join(', '), size: formatSize(maxBytes) })
            : t('submissions.public.anyType', { size: formatSize(maxBytes) })}
        </p>
      </section>
      {errors.files ? <Alert>{errors.files}</Alert> : null}
      {items.length > 0 ? (
        <ul className="submit-files" aria-label={t('submissions.public.filesLabel')}>
          {items.map((item) => (
            <li key={item.key} className={`submit-file submit-file--${item.state}`}>
              <span className="submit-file__name">{item.file.name}</span>
              <span className="submit-file__size">{formatSize(item.file.size)}</span>
              {item.state === 'sending' || item.state === 'done' ? (
                <progress
                  className="submit-file__progress"
                  max={1}
                  value={item.progress}
                  aria-label={t('submissions.public.progress', { name: item.file.name })}
                />
              ) : null}
              <span className="submit-file__state" role={item.state === 'refused' ? 'alert' : undefined}>
                {item.state === 'refused'
                  ? item.message
                  : item.state === 'done'
                    ? item.late
                      ? t('submissions.public.sentLate')
                      : t('submissions.public.sent')
                    : item.state === 'sending'
                      ? t('submissions.public.sending')
                      : t('submissions.public.waiting')}
              </span>
              {item.state === 'waiting' || item.state === 'refused' ? (
                <Button
                  size="sm"
                  variant="ghost"
                  isDisabled={sending}
                  aria-label={t('submissions.public.remove', { name: item.file.name })}
                  onPress={() => setItems((all) => all.filter((i) => i.key !== item.key))}
                >
                  {t('submissions.public.removeShort')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {finished && done > 0 ? (
        <Alert tone="success" title={t('submissions.public.thanksTitle')}>
          <p>{t('submissions.public.thanks', { count: done })}</p>
        </Alert>
      ) : null}
      <div className="submit-form__actions">
        <Button type="submit" variant="primary" isPending={sending}>
          {t('submissions.public.send')}
        </Button>
      </div>
    </Form>
  );
}
