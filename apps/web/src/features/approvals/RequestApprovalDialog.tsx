import { APPROVAL_MODES, type ApprovalMode, createApprovalRequestBodySchema } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { CheckboxGroup, Form, Label, Text } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { apiFieldErrors, useFormSubmit } from '../../lib/forms';
import { Checkbox } from '../../ui/Checkbox';
import { FormDialog, FormDialogActions } from '../../ui/Dialog';
import { Alert, LoadingState } from '../../ui/Feedback';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { collaboratorsQuery } from '../projects/api';
import { useCreateApprovalRequest } from './mutations';

/** The end of a local calendar day (midnight after it), as an ISO instant; null for an incomplete day. */
export function endOfDay(day: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * "Request approval": reviewers (the project's users and groups), the decision mode, an optional due day and a
 * message. POST /api/project/{projectId}/approval-requests for the asset.
 */
export function RequestApprovalDialog({
  isOpen,
  onOpenChange,
  projectId,
  assetId,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  projectId: number;
  assetId: number;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog title={t('approvals.request.title')} isOpen={isOpen} onOpenChange={onOpenChange}>
      {(onBusyChange) => (
        <RequestForm projectId={projectId} assetId={assetId} onBusyChange={onBusyChange} onDone={() => onOpenChange(false)} />
      )}
    </FormDialog>
  );
}

function RequestForm({
  projectId,
  assetId,
  onBusyChange,
  onDone,
}: {
  projectId: number;
  assetId: number;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const people = useQuery(collaboratorsQuery(projectId));
  const create = useCreateApprovalRequest(projectId, assetId);
  const { formRef, errors, clearError, fieldProps, formError, submitting, submit } = useFormSubmit(onBusyChange);
  const [reviewers, setReviewers] = useState<string[]>([]);
  const [mode, setMode] = useState<ApprovalMode>('ALL');
  const [day, setDay] = useState('');
  const [message, setMessage] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const dueAt = day ? endOfDay(day) : null;
    return submit(event, {
      schema: createApprovalRequestBodySchema,
      values: {
        asset_ids: [assetId],
        user_ids: reviewers.filter((r) => r.startsWith('u')).map((r) => Number(r.slice(1))),
        group_ids: reviewers.filter((r) => r.startsWith('g')).map((r) => Number(r.slice(1))),
        mode,
        due_at: day && !dueAt ? 'invalid' : dueAt,
        message,
      },
      send: (body) => create.mutateAsync(body),
      done: onDone,
      refused: (error) => {
        const fields = apiFieldErrors(error);
        if (fields.group_ids && !fields.user_ids) fields.user_ids = fields.group_ids;
        return Object.keys(fields).length ? fields : errorMessage(error, t('approvals.request.failed'));
      },
    });
  };

  if (people.isPending) return <LoadingState label={t('approvals.request.loadingPeople')} />;
  const users = people.data?.users ?? [];
  const groups = people.data?.groups ?? [];
  return (
    <Form ref={formRef} className="form" onSubmit={(e) => void onSubmit(e)} validationBehavior="aria">
      {formError ? <Alert>{formError}</Alert> : null}
      {people.isError ? <Alert>{errorMessage(people.error, t('approvals.request.peopleFailed'))}</Alert> : null}
      <CheckboxGroup
        className="field approval-reviewers"
        name="user_ids"
        value={reviewers}
        onChange={(next) => {
          setReviewers(next);
          clearError('user_ids');
        }}
        isInvalid={Boolean(errors.user_ids)}
      >
        <Label className="field__label">{t('approvals.request.reviewers')}</Label>
        {users.length + groups.length === 0 ? (
          <Text slot="description" className="field__description">
            {t('approvals.request.noPeople')}
          </Text>
        ) : (
          <div className="approval-reviewers__list">
            {users.map((u) => (
              <Checkbox key={`u${u.user_id}`} value={`u${u.user_id}`}>
                {u.name || u.email}
              </Checkbox>
            ))}
            {groups.map((g) => (
              <Checkbox key={`g${g.group_id}`} value={`g${g.group_id}`}>
                {t('approvals.request.group', { name: g.name, count: g.member_count })}
              </Checkbox>
            ))}
          </div>
        )}
        {errors.user_ids ? (
          <Text slot="errorMessage" className="field__error">
            {errors.user_ids}
          </Text>
        ) : null}
      </CheckboxGroup>
      <SelectField
        label={t('approvals.request.mode')}
        name="mode"
        options={APPROVAL_MODES.map((m) => ({ id: m, label: t(`approvals.mode.${m}`) }))}
        value={mode}
        onChange={(value) => {
          setMode(value as ApprovalMode);
          clearError('due_at');
        }}
        description={t(`approvals.modeHint.${mode}`)}
      />
      <TextField
        label={t('approvals.request.due')}
        type="date"
        description={t(mode === 'NO_REJECTION' ? 'approvals.request.dueRequired' : 'approvals.request.dueHint')}
        {...fieldProps('due_at', day, setDay)}
      />
      <TextField label={t('approvals.request.message')} multiline rows={3} {...fieldProps('message', message, setMessage)} />
      <FormDialogActions
        cancelLabel={t('common.cancel')}
        submitLabel={submitting ? t('approvals.request.sending') : t('approvals.request.send')}
        submitting={submitting}
      />
    </Form>
  );
}
