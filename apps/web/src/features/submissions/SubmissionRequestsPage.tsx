import { createSubmissionRequestBodySchema, type SubmissionTokenResponse } from '@emblem/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { routeId } from '../../lib/guards';
import { type FolderNode, folderTreeQuery } from '../../toolkit/folders';
import { Button } from '../../ui/Button';
import { AppDialog, ConfirmDialogActions, DialogCloseActions, FormDialogActions } from '../../ui/Dialog';
import { Alert, Badge, EmptyState, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { ScreenFailure, useAddressedProject } from '../library/screen';
import {
  createSubmissionRequest,
  deleteSubmissionRequest,
  issueSubmissionToken,
  projectSubmissionRequestsQuery,
  revokeSubmissionToken,
  type SubmissionRequest,
  submissionKeys,
} from './api';
import './submissions.css';

/** /brands/{brandId}/projects/{projectId}/submission-requests: a library's upload requests (decision 0032), for its editors. */
export function SubmissionRequestsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const projectId = routeId(params.projectId);
  const project = useAddressedProject(params.brandId, projectId);
  if (project.status === 'failed') return <ScreenFailure error={project.error} title={t('library.failed')} onRetry={project.retry} />;
  if (project.status === 'pending') return <LoadingState label={t('submissions.loading')} />;
  const base = `/brands/${params.brandId}/projects/${projectId}`;
  return <RequestList projectId={projectId} projectName={project.data.name} libraryHref={base} />;
}

function folderOptions(tree: FolderNode | undefined, rootLabel: string) {
  const out = [{ id: '0', label: rootLabel }];
  const walk = (node: FolderNode, prefix: string) => {
    for (const child of node.child_sets) {
      out.push({ id: String(child.id), label: `${prefix}${child.name}` });
      walk(child, `${prefix}${child.name} / `);
    }
  };
  if (tree) walk(tree, '');
  return out;
}

function RequestList({ projectId, projectName, libraryHref }: { projectId: number; projectName: string; libraryHref: string }) {
  const { t } = useTranslation();
  const list = useQuery(projectSubmissionRequestsQuery(projectId));
  const [creating, setCreating] = useState(false);
  return (
    <div className="page submissions-page">
      <p>
        <Link to={libraryHref}>{t('submissions.backToLibrary')}</Link>
      </p>
      <div className="submissions-page__head">
        <h1>{t('submissions.title')}</h1>
        <Button variant="primary" onPress={() => setCreating(true)}>
          {t('submissions.create')}
        </Button>
      </div>
      <p className="submissions-page__intro">{t('submissions.intro', { library: projectName })}</p>
      {list.isPending ? <LoadingState label={t('submissions.loading')} /> : null}
      {list.isError ? <LoadFailedAlert title={t('submissions.loadFailed')} error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data && list.data.length === 0 ? (
        <EmptyState
          title={t('submissions.emptyTitle')}
          action={
            <Button variant="primary" onPress={() => setCreating(true)}>
              {t('submissions.create')}
            </Button>
          }
        >
          {t('submissions.empty')}
        </EmptyState>
      ) : null}
      {list.data && list.data.length > 0 ? (
        <ul className="submission-requests">
          {list.data.map((r) => (
            <RequestCard key={r.id} request={r} projectId={projectId} />
          ))}
        </ul>
      ) : null}
      <CreateDialog projectId={projectId} isOpen={creating} onOpenChange={setCreating} />
    </div>
  );
}

function RequestCard({ request, projectId }: { request: SubmissionRequest; projectId: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: submissionKeys.ofProject(projectId) });
  const [issued, setIssued] = useState<SubmissionTokenResponse | null>(null);
  const [deleting, setDeleting] = useState(false);
  const issue = useMutation({
    mutationFn: () => issueSubmissionToken(request.id, new Date(Date.now() + 14 * 86_400_000).toISOString()),
    onSuccess: (token) => {
      setIssued(token);
      void refresh();
    },
  });
  const revoke = useMutation({ mutationFn: revokeSubmissionToken, onSuccess: () => void refresh() });
  const remove = useMutation({
    mutationFn: () => deleteSubmissionRequest(request.id),
    onSuccess: () => {
      setDeleting(false);
      void refresh();
    },
  });
  const active = request.tokens.filter((k) => k.is_active);
  return (
    <li className="submission-request">
      <div className="submission-request__head">
        <h2 className="submission-request__title">{request.title}</h2>
        {request.submitted_count > 0 ? <Badge tone="info">{t('submissions.waiting', { count: request.submitted_count })}</Badge> : null}
      </div>
      <p className="submission-request__meta">
        {t('submissions.into', { folder: request.folder_name ?? t('submissions.topLevel') })}
        {' · '}
        {request.deadline_at
          ? t('submissions.deadlineMeta', { date: formatDateTime(request.deadline_at), hours: request.grace_hours })
          : t('submissions.noDeadline')}
      </p>
      {active.length > 0 ? (
        <ul className="submission-request__tokens" aria-label={t('submissions.tokensLabel', { title: request.title })}>
          {active.map((k) => (
            <li key={k.id}>
              <span>{t('submissions.tokenUntil', { date: formatDateTime(k.expires_at) })}</span>
              <Button
                size="sm"
                variant="ghost"
                isPending={revoke.isPending && revoke.variables === k.id}
                aria-label={t('submissions.revokeLabel', { date: formatDateTime(k.expires_at) })}
                onPress={() => revoke.mutate(k.id)}
              >
                {t('submissions.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="submission-request__meta">{t('submissions.noTokens')}</p>
      )}
      {issue.isError ? <Alert>{errorMessage(issue.error, t('submissions.issueFailed'))}</Alert> : null}
      {revoke.isError ? <Alert>{errorMessage(revoke.error, t('submissions.revokeFailed'))}</Alert> : null}
      <div className="submission-request__actions">
        <Button onPress={() => issue.mutate()} isPending={issue.isPending}>
          {t('submissions.issue')}
        </Button>
        <Button variant="danger" onPress={() => setDeleting(true)}>
          {t('submissions.delete')}
        </Button>
      </div>
      <AppDialog title={t('submissions.issuedTitle')} isOpen={issued !== null} onOpenChange={(open) => !open && setIssued(null)} size="md">
        <p>{t('submissions.issuedOnce')}</p>
        <TextField label={t('submissions.address')} value={issued?.url ?? ''} isReadOnly />
        <CopyButton text={issued?.url ?? ''} />
        <DialogCloseActions>{t('common.done')}</DialogCloseActions>
      </AppDialog>
      <AppDialog
        title={t('submissions.deleteTitle', { title: request.title })}
        isOpen={deleting}
        onOpenChange={setDeleting}
        role="alertdialog"
        size="sm"
      >
        <p>{t('submissions.deleteBody')}</p>
        {remove.isError ? <Alert>{errorMessage(remove.error, t('submissions.deleteFailed'))}</Alert> : null}
        <ConfirmDialogActions
          cancelLabel={t('common.cancel')}
          confirmLabel={t('submissions.delete')}
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
        />
      </AppDialog>
    </li>
  );
}

function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <p>
      <Button
        onPress={() => {
          void navigator.clipboard?.writeText(text).then(() => setCopied(true));
        }}
      >
        {t('submissions.copy')}
      </Button>{' '}
      <span role="status">{copied ? t('submissions.copied') : ''}</span>
    </p>
  );
}

function CreateDialog({ projectId, isOpen, onOpenChange }: { projectId: number; isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const tree = useQuery({ ...folderTreeQuery(projectId), enabled: isOpen });
  const [title, setTitle] = useState('');
  const [instructions, setInstructions] = useState('');
  const [folder, setFolder] = useState('0');
  const [deadline, setDeadline] = useState('');
  const [grace, setGrace] = useState('0');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (body: Parameters<typeof createSubmissionRequest>[1]) => createSubmissionRequest(projectId, body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: submissionKeys.ofProject(projectId) });
      onOpenChange(false);
      setTitle('');
      setInstructions('');
      setDeadline('');
      setGrace('0');
    },
  });
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = {
      title: title.trim(),
      instructions: instructions.trim(),
      set_id: folder === '0' ? null : Number(folder),
      deadline_at: deadline ? new Date(deadline).toISOString() : null,
      grace_hours: Number(grace),
    };
    const parsed = createSubmissionRequestBodySchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await create.mutateAsync(body);
    } catch (error) {
      const fields = (error as { errors?: Record<string, string[]> }).errors ?? {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])));
    }
  };
  return (
    <AppDialog title={t('submissions.createTitle')} isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={!create.isPending}>
      <Form onSubmit={onSubmit} validationBehavior="aria" className="submission-form">
        <TextField label={t('submissions.fieldTitle')} value={title} onChange={setTitle} isRequired errorMessage={errors.title} autoFocus />
        <TextField
          label={t('submissions.fieldInstructions')}
          description={t('submissions.fieldInstructionsHelp')}
          value={instructions}
          onChange={setInstructions}
          multiline
          rows={3}
          errorMessage={errors.instructions}
        />
        <SelectField
          label={t('submissions.fieldFolder')}
          options={folderOptions(tree.data, t('submissions.topLevel'))}
          value={folder}
          onChange={(key) => setFolder(String(key))}
          errorMessage={errors.set_id}
        />
        <div className="submission-form__row">
          <TextField
            label={t('submissions.fieldDeadline')}
            description={t('submissions.fieldDeadlineHelp')}
            type="datetime-local"
            value={deadline}
            onChange={setDeadline}
            errorMessage={errors.deadline_at}
          />
          <TextField
            label={t('submissions.fieldGrace')}
            description={t('submissions.fieldGraceHelp')}
            type="number"
            value={grace}
            onChange={setGrace}
            errorMessage={errors.grace_hours}
          />
        </div>
        {create.isError && Object.keys(errors).length === 0 ? (
          <Alert>{errorMessage(create.error, t('submissions.saveFailed'))}</Alert>
        ) : null}
        <FormDialogActions cancelLabel={t('common.cancel')} submitLabel={t('submissions.createSubmit')} submitting={create.isPending} />
      </Form>
    </AppDialog>
  );
}
