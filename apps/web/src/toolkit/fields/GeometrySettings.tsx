import {
  type FrameValue,
  frameValue,
  type HotspotValue,
  hotspotValue,
  type LogoValue,
  lockAspect,
  lockLogoAspect,
  logoValue,
  TOOLKIT_DELAYS,
} from '@emblem/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Setting } from '../setting/Setting';
import type { SettingController } from '../setting/useSetting';
import { NumberInput } from './NumberInput';
import type { FieldOptions } from './TextSetting';

function useTexts<K extends string>(initial: Record<K, number | string>) {
  return useState<Record<K, string>>(
    () => Object.fromEntries(Object.entries(initial).map(([k, v]) => [k, String(v)])) as Record<K, string>,
  );
}

/** Frame: top, right, bottom and left; empty counts as 0; saved 100 ms after the last change. */
export function FrameSetting(props: FieldOptions<FrameValue>) {
  return (
    <Setting<FrameValue> {...props} mode="direct" commitDelay={TOOLKIT_DELAYS.geometryChange}>
      {(setting) => <FrameEditor setting={setting} />}
    </Setting>
  );
}

function FrameEditor({ setting }: { setting: SettingController<FrameValue> }) {
  const { t } = useTranslation();
  const [texts, setTexts] = useTexts<keyof FrameValue>(setting.draft);
  const sides: (keyof FrameValue)[] = ['top', 'right', 'bottom', 'left'];
  return (
    <fieldset className="composite composite--four" aria-labelledby={setting.labelId}>
      {sides.map((side) => (
        <NumberInput
          key={side}
          label={t(`toolkit.frame.${side}`)}
          unit="px"
          value={texts[side]}
          disabled={setting.readonly}
          onChange={(text) => {
            const next = { ...texts, [side]: text };
            setTexts(next);
            setting.change(frameValue(next));
          }}
        />
      ))}
    </fieldset>
  );
}

export interface HotspotSettingProps extends FieldOptions<HotspotValue> {
  /** Keep width / height at this ratio (or at the ratio of the current value when true). */
  lockAspectRatio?: boolean | number;
}

/** Hotspot: x, y, width and height as rounded integers; empty is 0; a locked ratio recomputes the other side. */
export function HotspotSetting({ lockAspectRatio, ...props }: HotspotSettingProps) {
  return (
    <Setting<HotspotValue> {...props} mode="direct" commitDelay={TOOLKIT_DELAYS.geometryChange}>
      {(setting) => <HotspotEditor setting={setting} lockAspectRatio={lockAspectRatio} />}
    </Setting>
  );
}

function HotspotEditor({ setting, lockAspectRatio }: { setting: SettingController<HotspotValue>; lockAspectRatio?: boolean | number }) {
  const { t } = useTranslation();
  const [texts, setTexts] = useTexts<keyof HotspotValue>(setting.draft);
  const [locked, setLocked] = useState(Boolean(lockAspectRatio));
  const [ratio] = useState(() =>
    typeof lockAspectRatio === 'number' ? lockAspectRatio : setting.draft.height > 0 ? setting.draft.width / setting.draft.height : 1,
  );
  const edit = (key: keyof HotspotValue, text: string) => {
    let next = { ...texts, [key]: text };
    if (locked && (key === 'width' || key === 'height')) {
      const pair = lockAspect(key, hotspotValue(next)[key], ratio);
      next = { ...next, width: String(pair.width), height: String(pair.height) };
    }
    setTexts(next);
    setting.change(hotspotValue(next));
  };
  return (
    <fieldset className="composite composite--four" aria-labelledby={setting.labelId}>
      {(['x', 'y', 'width', 'height'] as const).map((key) => (
        <NumberInput
          key={key}
          label={t(`toolkit.hotspot.${key}`)}
          value={texts[key]}
          disabled={setting.readonly}
          onChange={(text) => edit(key, text)}
        />
      ))}
      <label className="inline-check">
        <input type="checkbox" checked={locked} disabled={setting.readonly} onChange={(e) => setLocked(e.target.checked)} />
        {t('toolkit.hotspot.lockRatio')}
      </label>
    </fieldset>
  );
}

export interface LogoSettingProps extends FieldOptions<LogoValue> {
  /** width / height of the logo image, for the locked ratio. */
  aspectRatio?: number;
}

/** Logo: like a hotspot, but width or height may be auto; with the ratio locked the other side follows. */
export function LogoSetting({ aspectRatio = 1, ...props }: LogoSettingProps) {
  return (
    <Setting<LogoValue> {...props} mode="direct" commitDelay={TOOLKIT_DELAYS.geometryChange}>
      {(setting) => <LogoEditor setting={setting} aspectRatio={aspectRatio} />}
    </Setting>
  );
}

function LogoEditor({ setting, aspectRatio }: { setting: SettingController<LogoValue>; aspectRatio: number }) {
  const { t } = useTranslation();
  const [texts, setTexts] = useTexts<keyof LogoValue>(setting.draft);
  const [locked, setLocked] = useState(true);
  const edit = (key: keyof LogoValue, text: string) => {
    let next = { ...texts, [key]: text };
    if (locked && (key === 'width' || key === 'height')) {
      const locked = lockLogoAspect(logoValue(next), key, aspectRatio);
      next = { ...next, width: String(locked.width), height: String(locked.height) };
    }
    setTexts(next);
    setting.change(logoValue(next));
  };
  const autoToggle = (key: 'width' | 'height'): ReactNode => (
    <label className="inline-check">
      <input
        type="checkbox"
        checked={texts[key] === 'auto'}
        disabled={setting.readonly}
        onChange={(e) =>
          edit(key, e.target.checked ? 'auto' : String(Math.round(Number(texts[key === 'width' ? 'height' : 'width']) || 0)))
        }
      />
      {t(key === 'width' ? 'toolkit.logo.autoWidth' : 'toolkit.logo.autoHeight')}
    </label>
  );
  return (
    <fieldset className="composite composite--four" aria-labelledby={setting.labelId}>
      <NumberInput label={t('toolkit.hotspot.x')} value={texts.x} disabled={setting.readonly} onChange={(text) => edit('x', text)} />
      <NumberInput label={t('toolkit.hotspot.y')} value={texts.y} disabled={setting.readonly} onChange={(text) => edit('y', text)} />
      <div>
        <NumberInput
          label={t('toolkit.hotspot.width')}
          value={texts.width}
          allowAuto
          disabled={setting.readonly || texts.width === 'auto'}
          onChange={(text) => edit('width', text)}
        />
        {autoToggle('width')}
      </div>
      <div>
        <NumberInput
          label={t('toolkit.hotspot.height')}
          value={texts.height}
          allowAuto
          disabled={setting.readonly || texts.height === 'auto'}
          onChange={(text) => edit('height', text)}
        />
        {autoToggle('height')}
      </div>
      <label className="inline-check">
        <input type="checkbox" checked={locked} disabled={setting.readonly} onChange={(e) => setLocked(e.target.checked)} />
        {t('toolkit.hotspot.lockRatio')}
      </label>
    </fieldset>
  );
}
