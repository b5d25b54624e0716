import { ACCOUNT_ROLES, type AccountRole, inviteUserBodySchema, type Language } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { CheckboxGroup, Form, Label, Text } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../lib/api';
import { apiFieldErrors, useFormSubmit } from '../../lib/forms';
import { languageName, offeredLanguages } from '../../lib/languages';
import { useSignedInSession } from '../../lib/session';
import { Checkbox } from '../../ui/Checkbox';
import { FormDialog, FormDialogActions } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { groupsQuery } from '../groups/api';
import type { InvitedUser } from './api';
import { InvitationResult, invitationResultTitle } from './InvitationResult';
import { useInviteUser } from './mutations';

/**
 * POST /api/account/users/invite: e-mail, role and, with user groups on, the groups the person belongs to from the
 * start. The answer says whether the e-mail went out; the link is shown too, for passing it on by hand.
 */
export function InviteUserDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const [invited, setInvited] = useState<InvitedUser | null>(null);
  const close = (open: boolean) => {
    onOpenChange(open);
    if (!open) setInvited(null);
  };
  return (
    <FormDialog title={invited ? invitationResultTitle(t, invited) : t('invite.title')} isOpen={isOpen} onOpenChange={close}>
      {(onBusyChange) =>
        invited ? (
          <InvitationResult invited={invited} onAnother={() => setInvited(null)} />
        ) : (
          <InviteForm onInvited={setInvited} onBusyChange={onBusyChange} />
        )
      }
    </FormDialog>
  );
}

function InviteForm({ onInvited, onBusyChange }: { onInvited: (invited: InvitedUser) => void; onBusyChange: (busy: boolean) => void }) {
  const { t } = useTranslation();
  const session = useSignedInSession();
  const invite = useInviteUser();
  const { formRef, errors, clearError, fieldProps, formError, submitting, submit } = useFormSubmit(onBusyChange);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AccountRole>('MEMBER');
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const languages = offeredLanguages(session.account.feature_flags);
  // Someone new reads the invitation, and Emblem until they choose, in this language: the inviter's by default.
  const [language, setLanguage] = useState<Language>(languages.find((code) => code === session.user.language) ?? 'en');
  const groupsOn = session.account.feature_flags.includes('USER_GROUPS');
  const groups = useQuery({ ...groupsQuery, enabled: groupsOn });

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    submit(event, {
      schema: inviteUserBodySchema,
      values: { email, role, group_ids: groupIds.map(Number), language },
      send: (data) => invite.mutateAsync(data),
      done: (answer) =>
        onInvited({
          ...answer,
          invitation_url: answer.invitation_url ? new URL(answer.invitation_url, window.location.origin).href : null,
        }),
      refused: (error) => {
        const fieldErrors = apiFieldErrors(error);
        if (Object.keys(fieldErrors).length > 0) return fieldErrors;
        // 409: the address already belongs to someone in the account.
        if (error instanceof ApiError && error.status === 409 && error.error) return { email: error.error };
        return errorMessage(error, t('invite.failed'));
      },
    });

  const roleOptions = ACCOUNT_ROLES.map((r) => ({ id: r, label: t(`roles.${r}`) }));
  return (
    <Form ref={formRef} className="form" onSubmit={(e) => void onSubmit(e)} validationBehavior="aria">
      <p>{t('invite.text', { account: session.account.name })}</p>
      {formError ? <Alert>{formError}</Alert> : null}
      <TextField label={t('invite.email')} {...fieldProps('email', email, setEmail)} type="email" autoComplete="off" isRequired autoFocus />
      <SelectField
        label={t('invite.role')}
        name="role"
        options={roleOptions}
        value={role}
        onChange={(value) => {
          setRole(value as AccountRole);
          clearError('role');
        }}
        disabledKeys={session.account.role === 'OWNER' ? [] : ['OWNER']}
        description={t(`invite.roleHint.${role}`)}
        errorMessage={errors.role}
      />
      <SelectField
        label={t('invite.language')}
        name="language"
        options={languages.map((code) => ({ id: code, label: languageName(code) }))}
        value={language}
        onChange={(value) => {
          setLanguage(value as Language);
          clearError('language');
        }}
        description={t('invite.languageHint')}
        errorMessage={errors.language}
      />
      {groupsOn && groups.data && groups.data.length > 0 ? (
        <CheckboxGroup
          className="field invite-groups"
          value={groupIds}
          onChange={(next) => {
            setGroupIds(next);
            clearError('group_ids');
          }}
          isInvalid={Boolean(errors.group_ids)}
        >
          <Label className="field__label">{t('invite.groups')}</Label>
          <div className="invite-groups__list">
            {groups.data.map((group) => (
              <Checkbox key={group.id} value={String(group.id)}>
                {group.name}
              </Checkbox>
            ))}
          </div>
          <Text slot="description" className="field__description">
            {t('invite.groupsHint')}
          </Text>
          {errors.group_ids ? (
            <Text slot="errorMessage" className="field__error">
              {errors.group_ids}
            </Text>
          ) : null}
        </CheckboxGroup>
      ) : null}
      <FormDialogActions
        cancelLabel={t('common.cancel')}
        submitLabel={submitting ? t('invite.submitting') : t('invite.submit')}
        submitting={submitting}
      />
    </Form>
  );
}
