import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../widgets/Icon';
import { type SettingController, type SettingOptions, useSetting } from './useSetting';

export interface SettingProps<V> extends SettingOptions<V> {
  label: ReactNode;
  /** Hide the label visually (it still names the setting). */
  hideLabel?: boolean;
  description?: ReactNode;
  /** How the saved value reads while the setting is idle (inline mode). Default: the value as text. */
  renderValue?: (value: V) => ReactNode;
  /** The editing control(s): shown while active (inline) or always (direct). */
  children: (setting: SettingController<V>) => ReactNode;
  /** Text shown for an empty value. */
  emptyText?: string;
  /** Fields whose messages the editor shows next to their own control (with <FieldMessage>). */
  editorFields?: readonly string[];
  className?: string;
}

function isBlank(node: ReactNode): boolean {
  return node === null || node === undefined || node === false || node === '';
}

/**
 * One setting: label, the value or the editor, the field messages, the flash. See
 * toolkit/README.md for the contract.
 */
export function Setting<V>({
  label,
  hideLabel,
  description,
  renderValue,
  children,
  emptyText,
  editorFields,
  className,
  ...options
}: SettingProps<V>) {
  const setting = useSetting(options);
  const active = setting.mode === 'direct' || setting.state === 'active';
  return (
    <SettingFrame
      setting={setting}
      label={label}
      hideLabel={hideLabel}
      description={description}
      className={className}
      editorFields={active ? editorFields : undefined}
    >
      {active ? (
        <div ref={setting.editorRef} className="setting__editor">
          {children(setting)}
        </div>
      ) : (
        <SettingDisplay setting={setting} emptyText={emptyText}>
          {renderValue ? renderValue(setting.saved) : String(setting.saved ?? '')}
        </SettingDisplay>
      )}
    </SettingFrame>
  );
}

/** The outer element of a setting: state attributes for styling and tests, messages and the announcer. */
export function SettingFrame<V>({
  setting,
  label,
  hideLabel,
  description,
  className,
  editorFields,
  children,
}: {
  setting: SettingController<V>;
  label: ReactNode;
  hideLabel?: boolean;
  description?: ReactNode;
  className?: string;
  editorFields?: readonly string[];
  children: ReactNode;
}) {
  const status = useSaveStatus(setting);
  const general = setting.errors[''];
  // Messages of fields that the editor does not show itself (the main field; fields it has no control for).
  const fieldMessages = Object.entries(setting.errors).filter(([field]) => field !== '' && !editorFields?.includes(field));
  return (
    <div
      ref={setting.rootRef}
      className={['setting', `setting--${setting.mode}`, className ?? ''].filter(Boolean).join(' ')}
      data-setting={setting.name}
      data-label={typeof label === 'string' ? label : undefined}
      data-state={setting.state}
      data-flash={setting.flash ?? undefined}
      data-pulse={setting.pulse ? 'true' : undefined}
      data-readonly={setting.readonly ? 'true' : undefined}
      data-saving={setting.saving ? 'true' : undefined}
      aria-busy={setting.saving || undefined}
      {...setting.rootProps}
    >
      {/* A direct setting with its own visible label (switch, radio group, select) needs no second one. */}
      {hideLabel && setting.mode === 'direct' ? (
        <SaveStatus status={status} floating />
      ) : (
        <div className="setting__header">
          <span id={setting.labelId} className={hideLabel ? 'visually-hidden' : 'setting__label'}>
            {label}
          </span>
          <SaveStatus status={status} />
        </div>
      )}
      {description ? (
        <p id={setting.descriptionId} className="setting__description">
          {description}
        </p>
      ) : null}
      {children}
      {fieldMessages.map(([field, message]) => (
        <p key={field} id={setting.errorId(field)} className="field__error setting__error" data-field={field}>
          {message}
        </p>
      ))}
      {general ? <p className="field__error setting__error">{general}</p> : null}
    </div>
  );
}

/** How long "Saved" (or "Not saved") stays beside the label after the flash wore off. */
export const SAVE_STATUS_MS = 4000;

type SaveStatusKind = 'saving' | 'saved' | 'notSaved' | null;

/** Saving while the write runs, then "Saved" or "Not saved" for a few seconds; editing again clears it. */
function useSaveStatus<V>(setting: SettingController<V>): SaveStatusKind {
  const [lingering, setLingering] = useState<'saved' | 'notSaved' | null>(null);
  useEffect(() => {
    if (setting.flash) setLingering(setting.flash === 'success' ? 'saved' : 'notSaved');
  }, [setting.flash]);
  useEffect(() => {
    if (!lingering) return;
    const timer = setTimeout(() => setLingering(null), SAVE_STATUS_MS);
    return () => clearTimeout(timer);
  }, [lingering]);
  useEffect(() => {
    if (setting.state === 'active' && setting.mode === 'inline') setLingering(null);
  }, [setting.state, setting.mode]);
  if (setting.saving) return 'saving';
  if (setting.flash) return setting.flash === 'success' ? 'saved' : 'notSaved';
  return lingering;
}

/** The visible save state of a setting, in a live region: "Saving…", "Saved", "Not saved". */
function SaveStatus({ status, floating }: { status: SaveStatusKind; floating?: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={floating ? 'setting__status setting__status--floating' : 'setting__status'}
      data-status={status ?? undefined}
      role="status"
    >
      {status === 'saving' ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
      {status === 'saved' ? <Icon name="check" size="xs" /> : null}
      {status ? t(`toolkit.setting.${status}`) : ''}
    </span>
  );
}

/** The idle/focused face of an inline setting: a button that activates it (click or Enter). */
export function SettingDisplay<V>({
  setting,
  emptyText,
  children,
}: {
  setting: SettingController<V>;
  emptyText?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const blank = isBlank(children);
  const valueId = `${setting.id}-value`;
  return (
    <button
      ref={setting.displayRef}
      type="button"
      className="setting__display"
      // The hint ("Edit") is visible on hover and focus, so it is part of the name (WCAG 2.5.3, label in name).
      aria-labelledby={setting.readonly ? `${setting.labelId} ${valueId}` : `${setting.labelId} ${valueId} ${setting.id}-hint`}
      aria-disabled={setting.readonly || undefined}
      {...setting.displayProps}
    >
      <span id={valueId} className={blank ? 'setting__value setting__value--empty' : 'setting__value'}>
        {blank ? (emptyText ?? t('toolkit.setting.empty')) : children}
      </span>
      {/* A space between value and hint, so the visible text reads as words ("Acme Edit"), as the name does. */}
      {setting.readonly ? null : ' '}
      {setting.readonly ? null : (
        // The pencil always shows that the value can be edited; the word joins it on hover and focus.
        <span className="setting__affordance">
          <span id={`${setting.id}-hint`} className="setting__hint">
            {t('toolkit.setting.edit')}
          </span>
          <Icon name="edit" size="sm" />
        </span>
      )}
    </button>
  );
}

/** A field's message next to its own control, for settings with several fields. */
export function FieldMessage<V>({ setting, field }: { setting: SettingController<V>; field: string }) {
  const message = setting.errors[field];
  return message ? (
    <p id={setting.errorId(field)} className="field__error setting__error" data-field={field}>
      {message}
    </p>
  ) : null;
}
