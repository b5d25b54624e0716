import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Alert } from '../../ui/Feedback';
import { FieldMessage, SettingFrame } from '../setting/Setting';
import type { SaveMethod, SaveReply } from '../setting/save';
import { useSetting } from '../setting/useSetting';

export interface PasswordValue {
  password: string;
  password_new: string;
}

export interface PasswordSettingProps {
  label: string;
  api?: string | null;
  method?: SaveMethod;
  minLength?: number;
  onSaved?: () => void;
}

/**
 * The errors of a refused password change: `error` goes under the current password (which is cleared),
 * error_types[0].message under the new one.
 */
export function passwordErrors(reply: SaveReply): Record<string, string> {
  const messages: Record<string, string> = { ...reply.errors };
  const body = (reply.body ?? {}) as { error_types?: { message?: string }[] };
  const typed = body.error_types?.[0]?.message;
  if (typed) messages.password_new = typed;
  if (reply.error && !messages.password) messages.password = reply.error;
  return messages;
}

/** The two inputs of the password form: the current password, then the new one. */
const PASSWORD_FIELDS = [
  { field: 'password', suffix: 'old', labelKey: 'toolkit.password.current', autoComplete: 'current-password' },
  { field: 'password_new', suffix: 'new', labelKey: 'toolkit.password.new', autoComplete: 'new-password' },
] as const;

/** Password: current and new password; sent as password and password_new. */
export function PasswordSetting({ label, api, method, minLength = 10, onSaved }: PasswordSettingProps) {
  const { t } = useTranslation();
  const id = useId();
  const empty: PasswordValue = { password: '', password_new: '' };
  const refusedRef = useRef(false);
  const setting = useSetting<PasswordValue>({
    name: 'password',
    value: empty,
    api,
    method,
    mode: 'direct',
    serialise: (v) => ({ password: v.password, password_new: v.password_new }),
    // A password change is always sent when submitted (the same pair may be entered again).
    equals: () => false,
    fieldRules: { password: { required: true }, password_new: { required: true, minlength: minLength } },
    readErrors: (reply) => {
      refusedRef.current = true;
      return passwordErrors(reply);
    },
    onSaved: () => onSaved?.(),
  });
  const [done, setDone] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    refusedRef.current = false;
    const ok = await setting.commit('submit');
    if (ok) {
      setting.setDraft(empty);
      setDone(true);
    } else if (refusedRef.current) {
      // The server's error shows under the current password, which is cleared.
      setting.setDraft((current) => ({ ...current, password: '' }));
    }
  };
  return (
    <SettingFrame setting={setting} label={label} editorFields={['password', 'password_new']}>
      <form className="form composite composite--stack" onSubmit={(e) => void submit(e)} noValidate>
        {PASSWORD_FIELDS.map(({ field, suffix, labelKey, autoComplete }) => (
          <div className="field" key={field}>
            <label className="field__label" htmlFor={`${id}-${suffix}`}>
              {t(labelKey)}
            </label>
            <input
              id={`${id}-${suffix}`}
              className="field__input"
              type="password"
              autoComplete={autoComplete}
              value={setting.draft[field]}
              onChange={(e) => setting.setDraft({ ...setting.draft, [field]: e.target.value })}
              {...setting.fieldProps(field)}
            />
            <FieldMessage setting={setting} field={field} />
          </div>
        ))}
        <div>
          <Button type="submit" variant="primary" isPending={setting.saving}>
            {t('toolkit.password.submit')}
          </Button>
        </div>
        {done ? <Alert tone="success">{t('toolkit.password.changed')}</Alert> : null}
      </form>
    </SettingFrame>
  );
}
