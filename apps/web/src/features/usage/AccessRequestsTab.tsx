import { createAccessRequestBodySchema } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { apiFieldErrors, useFormErrors, zodFieldErrors } from '../../lib/forms';
import { useSignedInSession } from '../../lib/session';
import { Button } from '../../ui/Button';
import { Alert, Badge, EmptyState, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import { type AccessRequest, type AccessRequestStatus, accessRequestsQuery } from './api';
import { useDecideAccessRequest, useRequestAccess } from './mutations';

const STATUS_TONE: Record<AccessRequestStatus, 'warning' | 'success' | 'danger'> = {
  PENDING: 'warning',
  APPROVED: 'success',
  DECLINED: 'danger',
};

/** Admins see every request of the account and decide; members see theirs and may ask (one pending at a time). */
export function AccessRequestsTab() {
  const { t } = useTranslation();
  const session = useSignedInSession();
  const requests = useQuery(accessRequestsQuery);
  const isAdmin = session.account.is_admin;

  if (requests.isPending) return <LoadingState label={t('accessRequests.loading')} />;
  if (requests.isError) {
    return <LoadFailedAlert title={t('accessRequests.loadFailed')} error={requests.error} onRetry={() => void requests.refetch()} />;
  }
  const list = requests.data;
  const hasPending = list.some((r) => r.status === 'PENDING' && r.user.id === session.user.id);

  return (
    <div className="access-requests">
      {!isAdmin ? hasPending ? <Alert tone="info">{t('accessRequests.pendingNotice')}</Alert> : <RequestAccessForm /> : null}
      {list.length === 0 ? (
        isAdmin ? (
          <EmptyState title={t('accessRequests.emptyAdminTitle')}>{t('accessRequests.emptyAdminText')}</EmptyState>
        ) : (
          <p className="muted">{t('accessRequests.emptyMemberText')}</p>
        )
      ) : (
        <section aria-labelledby="access-requests-heading">
          <h2 id="access-requests-heading" className="section-title">
            {isAdmin ? t('accessRequests.allHeading') : t('accessRequests.ownHeading')}
          </h2>
          <ul className="request-list">
            {list.map((request) => (
              <RequestItem key={request.id} request={request} canDecide={isAdmin} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function RequestItem({ request, canDecide }: { request: AccessRequest; canDecide: boolean }) {
  const { t, i18n } = useTranslation();
  const decide = useDecideAccessRequest(request.id);
  const created = new Date(request.created_at);
  const name = request.user.name || request.user.email;

  return (
    <li className="request">
      <div className="request__head">
        <div>
          <p className="request__user">{name}</p>
          <p className="request__email">{request.user.email}</p>
        </div>
        <Badge tone={STATUS_TONE[request.status] ?? 'neutral'}>{t(`accessRequests.status.${request.status}`)}</Badge>
      </div>
      {request.message ? (
        <p className="request__message">{request.message}</p>
      ) : (
        <p className="request__message muted">{t('accessRequests.noMessage')}</p>
      )}
      <p className="request__date">
        {t('accessRequests.requestedOn', {
          date: Number.isNaN(created.getTime()) ? '—' : created.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
        })}
      </p>
      {decide.isError ? <Alert>{errorMessage(decide.error, t('accessRequests.decideFailed'))}</Alert> : null}
      {canDecide && request.status === 'PENDING' ? (
        <div className="request__actions">
          <Button
            size="sm"
            variant="primary"
            isPending={decide.isPending && decide.variables === 'APPROVED'}
            isDisabled={decide.isPending}
            aria-label={t('accessRequests.approveFor', { name })}
            onPress={() => decide.mutate('APPROVED')}
          >
            {t('accessRequests.approve')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            isPending={decide.isPending && decide.variables === 'DECLINED'}
            isDisabled={decide.isPending}
            aria-label={t('accessRequests.declineFor', { name })}
            onPress={() => decide.mutate('DECLINED')}
          >
            {t('accessRequests.decline')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function RequestAccessForm() {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, setErrors, clearError } = useFormErrors();
  const [message, setMessage] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const requestAccess = useRequestAccess({ onSent: () => setMessage('') });
  const submitting = requestAccess.busy;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = createAccessRequestBodySchema.safeParse({ message });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error), formRef.current);
      return;
    }
    requestAccess.mutate(parsed.data.message, {
      onError: (error) => {
        const fieldErrors = apiFieldErrors(error);
        if (fieldErrors.message) setErrors(fieldErrors, formRef.current);
        else setFormError(errorMessage(error, t('accessRequests.submitFailed')));
      },
    });
  };

  return (
    <section className="panel" aria-labelledby="request-access-heading">
      <h2 id="request-access-heading" className="panel__title">
        {t('accessRequests.formHeading')}
      </h2>
      <p className="panel__text">{t('accessRequests.formText')}</p>
      {formError ? <Alert>{formError}</Alert> : null}
      <Form ref={formRef} className="form" onSubmit={onSubmit} validationBehavior="aria">
        <TextField
          label={t('accessRequests.message')}
          name="message"
          multiline
          rows={3}
          description={t('accessRequests.messageHint')}
          value={message}
          onChange={(value) => {
            setMessage(value);
            clearError('message');
          }}
          errorMessage={errors.message}
        />
        <div className="form__actions">
          <Button type="submit" variant="primary" isPending={submitting}>
            {submitting ? t('accessRequests.submitting') : t('accessRequests.submit')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
