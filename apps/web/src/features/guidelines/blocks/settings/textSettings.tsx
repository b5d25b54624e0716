import { BORDER_STYLES, CALLOUT_TONES, CODE_LANGUAGES } from '@emblem/core';
import { useTranslation } from 'react-i18next';
import { ChooserSetting, DropdownSetting, TextSetting } from '../../../../toolkit';
import type { BlockSettingsProps } from '../types';
import { OptionalTextSetting } from './shared';

/** Rich text is written on the page itself. */
export function TextSettings() {
  const { t } = useTranslation();
  return <p className="block-settings__note">{t('guidelines.blocks.text.settingsNote')}</p>;
}

export function HeadingSettings({ settings, onChange }: BlockSettingsProps<'heading'>) {
  const { t } = useTranslation();
  return (
    <>
      <TextSetting
        name="text"
        label={t('guidelines.blocks.fields.text')}
        value={settings.text ?? ''}
        rules={{ required: true, maxlength: 300 }}
        onSaved={(text) => onChange({ text })}
      />
      <ChooserSetting<number>
        name="level"
        label={t('guidelines.blocks.fields.level')}
        layout="segments"
        value={settings.level ?? 2}
        options={[2, 3, 4].map((level) => ({ value: level, label: t('guidelines.blocks.heading.level', { level }) }))}
        onSaved={(level) => {
          if (level === 2 || level === 3 || level === 4) onChange({ level });
        }}
      />
    </>
  );
}

export function QuoteSettings({ settings, onChange }: BlockSettingsProps<'quote'>) {
  const { t } = useTranslation();
  return (
    <>
      <TextSetting
        name="text"
        label={t('guidelines.blocks.fields.text')}
        multiline
        value={settings.text ?? ''}
        rules={{ required: true, maxlength: 2000 }}
        onSaved={(text) => onChange({ text })}
      />
      <OptionalTextSetting
        name="attribution"
        value={settings.attribution}
        maxLength={200}
        onSaved={(attribution) => onChange({ attribution })}
      />
    </>
  );
}

export function CalloutSettings({ settings, onChange }: BlockSettingsProps<'callout'>) {
  const { t } = useTranslation();
  return (
    <>
      <DropdownSetting
        name="tone"
        label={t('guidelines.blocks.fields.tone')}
        value={settings.tone ?? 'info'}
        options={CALLOUT_TONES.map((tone) => ({ value: tone, label: t(`guidelines.blocks.callout.tones.${tone}`) }))}
        onSaved={(tone) => {
          if (tone) onChange({ tone });
        }}
      />
      <OptionalTextSetting name="title" value={settings.title} maxLength={200} onSaved={(title) => onChange({ title })} />
      <TextSetting
        name="text"
        label={t('guidelines.blocks.fields.text')}
        multiline
        value={settings.text ?? ''}
        rules={{ required: true, maxlength: 4000 }}
        onSaved={(text) => onChange({ text })}
      />
    </>
  );
}

export function DividerSettings({ settings, onChange }: BlockSettingsProps<'divider'>) {
  const { t } = useTranslation();
  return (
    <ChooserSetting
      name="style"
      label={t('guidelines.blocks.fields.style')}
      layout="segments"
      value={settings.style ?? 'SOLID'}
      options={BORDER_STYLES.map((style) => ({
        value: style,
        label: t(`guidelines.blocks.divider.styles.${style}`),
        visual: <span className={`divider-sample divider-sample--${style.toLowerCase()}`} />,
      }))}
      onSaved={(style) => {
        if (style) onChange({ style });
      }}
    />
  );
}

/** The code itself is typed on the page; its language is chosen here. */
export function CodeSettings({ settings, onChange }: BlockSettingsProps<'code'>) {
  const { t } = useTranslation();
  return (
    <>
      <DropdownSetting
        name="language"
        label={t('guidelines.blocks.fields.language')}
        value={settings.language ?? 'plaintext'}
        options={CODE_LANGUAGES.map((language) => ({ value: language, label: t(`guidelines.blocks.code.languages.${language}`) }))}
        onSaved={(language) => {
          if (language) onChange({ language });
        }}
      />
      <p className="block-settings__note">{t('guidelines.blocks.code.settingsNote')}</p>
    </>
  );
}
