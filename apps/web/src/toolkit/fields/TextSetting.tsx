import { formatTime, parseTime, type TimeOptions, TOOLKIT_DELAYS } from '@emblem/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Setting } from '../setting/Setting';
import type { SettingOptions } from '../setting/useSetting';

/** Options every field kind passes through to the setting (api, method, rules, readonly, onSaved …). */
export type FieldOptions<V> = Omit<SettingOptions<V>, 'mode'> & {
  label: ReactNode;
  hideLabel?: boolean;
  description?: ReactNode;
  className?: string;
};

export interface TextSettingProps extends FieldOptions<string> {
  placeholder?: string;
  multiline?: boolean;
  rows?: number;
  /** The input type: text (default), email, url, tel, number or search. */
  type?: 'text' | 'email' | 'url' | 'tel' | 'number' | 'search';
  /** Autosave after a pause in typing; on by default, after the text autosave pause (800 ms). */
  autosave?: boolean;
  maxLength?: number;
}

/**
 * Text: click to edit; Enter saves (Ctrl/Cmd+Enter in a multi-line text), Escape cancels, Tab saves and moves
 * on, and a pause in typing autosaves.
 */
export function TextSetting({ placeholder, multiline, rows = 4, type = 'text', autosave = true, maxLength, ...props }: TextSettingProps) {
  return (
    <Setting<string> {...props} autosaveDelay={autosave ? (props.autosaveDelay ?? TOOLKIT_DELAYS.linkTextAutosave) : null}>
      {(setting) =>
        multiline ? (
          <textarea
            className="field__input field__input--multiline"
            aria-labelledby={setting.labelId}
            value={setting.draft ?? ''}
            rows={rows}
            placeholder={placeholder}
            maxLength={maxLength}
            onChange={(e) => setting.setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                void setting.commit('enter');
              }
            }}
            {...setting.fieldProps()}
          />
        ) : (
          <input
            className="field__input"
            type={type}
            aria-labelledby={setting.labelId}
            value={setting.draft ?? ''}
            placeholder={placeholder}
            maxLength={maxLength}
            onChange={(e) => setting.setDraft(e.target.value)}
            {...setting.fieldProps()}
          />
        )
      }
    </Setting>
  );
}

export interface SnippetTextSettingProps extends FieldOptions<string> {
  placeholder?: string;
  /** Source mode: the snippet is edited as code (monospace), autosaving after 600 ms instead of 800 ms. */
  sourceMode?: boolean;
  rows?: number;
}

/** Snippet text: a multi-line text with its autosave (800 ms, source mode 600 ms). */
export function SnippetTextSetting({ placeholder, sourceMode, rows = 5, ...props }: SnippetTextSettingProps) {
  return (
    <TextSetting
      {...props}
      multiline
      rows={rows}
      placeholder={placeholder}
      className={['setting--snippet', sourceMode ? 'setting--source' : '', props.className ?? ''].filter(Boolean).join(' ')}
      autosaveDelay={sourceMode ? TOOLKIT_DELAYS.snippetSourceAutosave : TOOLKIT_DELAYS.snippetAutosave}
    />
  );
}

export interface TimeSettingProps
  extends Omit<FieldOptions<string>, 'value' | 'onSaved' | 'serialise' | 'validate' | 'fromReply'>,
    TimeOptions {
  /** Seconds. */
  value: number;
  onSaved?: (seconds: number) => void;
}

/**
 * Time: typed as mm:ss or hh:mm:ss (hours shown when the maximum exceeds 3600 s), clamped to the
 * maximum, with 1–3 post-decimal digits on the seconds. Saves the number of seconds.
 */
export function TimeSetting({ value, maxValueInSeconds, postDecimalDigits, onSaved, ...props }: TimeSettingProps) {
  const { t } = useTranslation();
  const options: TimeOptions = { maxValueInSeconds, postDecimalDigits };
  const example = formatTime(0, options);
  return (
    <TextSetting
      {...props}
      value={formatTime(value, options)}
      autosave={false}
      placeholder={example}
      serialise={(text) => ({ [props.name]: parseTime(text, options) })}
      validate={(text) => (parseTime(text, options) === null ? { [props.name]: t('toolkit.time.invalid', { example }) } : null)}
      fromReply={(_reply, text) => formatTime(parseTime(text, options) ?? 0, options)}
      equals={(a, b) => (parseTime(a, options) ?? a) === (parseTime(b, options) ?? b)}
      onSaved={(text) => onSaved?.(parseTime(text, options) ?? 0)}
      description={props.description ?? t('toolkit.time.hint', { example })}
    />
  );
}
