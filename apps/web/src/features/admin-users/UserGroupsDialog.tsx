import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { CheckboxGroup, Form, Label } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { Checkbox } from '../../ui/Checkbox';
import { AppDialog, FormDialogActions } from '../../ui/Dialog';
import { Alert, EmptyState, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { groupsQuery } from '../groups/api';
import type { AccountUser } from './api';
import { useSetUserGroups } from './mutations';

/**
 * The user groups of an invited person: they join with the invitation and get the groups' access once they accept.
 * Saves only the groups whose box changed.
 */
export function UserGroupsDialog({ user, onClose, onSaved }: { user: AccountUser; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const groups = useQuery(groupsQuery);
  const save = useSetUserGroups(user);
  const stored = (groups.data ?? []).filter((g) => g.user_ids.includes(user.id)).map((g) => String(g.id));
  const [chosen, setChosen] = useState<string[] | null>(null);
  const value = chosen ?? stored;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const changes = (groups.data ?? [])
      .map((g) => ({ groupId: g.id, member: value.includes(String(g.id)), was: stored.includes(String(g.id)) }))
      .filter((c) => c.member !== c.was)
      .map(({ groupId, member }) => ({ groupId, member }));
    save.mutate(changes, { onSuccess: onSaved });
  };

  return (
    <AppDialog
      title={t('adminUsers.groupsTitle', { email: user.email })}
      isOpen
      isDismissable={!save.isPending}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {groups.isPending ? <LoadingState label={t('adminUsers.groupsLoading')} /> : null}
      {groups.isError ? (
        <LoadFailedAlert title={t('adminUsers.groupsLoadFailed')} error={groups.error} onRetry={() => void groups.refetch()} />
      ) : null}
      {groups.data?.length === 0 ? <EmptyState title={t('adminUsers.groupsEmpty')}>{t('adminUsers.groupsEmptyText')}</EmptyState> : null}
      {groups.data && groups.data.length > 0 ? (
        <Form className="form" onSubmit={onSubmit}>
          <p>{t('adminUsers.groupsText', { email: user.email })}</p>
          {save.isError ? <Alert>{errorMessage(save.error, t('adminUsers.groupsFailed'))}</Alert> : null}
          <CheckboxGroup className="field" value={value} onChange={setChosen}>
            <Label className="field__label">{t('adminUsers.groupsLabel')}</Label>
            <div className="invite-groups__list">
              {groups.data.map((group) => (
                <Checkbox key={group.id} value={String(group.id)}>
                  {group.name}
                </Checkbox>
              ))}
            </div>
          </CheckboxGroup>
          <FormDialogActions
            cancelLabel={t('common.cancel')}
            submitLabel={save.isPending ? t('adminUsers.groupsSaving') : t('adminUsers.groupsSave')}
            submitting={save.isPending}
          />
        </Form>
      ) : null}
    </AppDialog>
  );
}
