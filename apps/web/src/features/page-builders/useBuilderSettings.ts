import { BACKGROUND_POSITIONS, type BackgroundPosition } from '@emblem/core';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadSettingImage } from '../../lib/settingImages';
import type { ChoiceOption, SaveReply } from '../../toolkit';
import { SETTING_IMAGE_MAX_BYTES } from './fonts';

/**
 * The wiring every page builder shares: the live preview (saved settings with the drafts being edited on top) and
 * the options of its toolkit settings, which all save with PUT to one address.
 */
export function useBuilderSettings<S extends object>({
  settings,
  api,
  queryKey,
  readonly = false,
  onReplyData,
}: {
  /** The saved settings. */
  settings: S;
  /** Where every setting saves (PUT). */
  api: string;
  /** The cached page, read again after an image is saved (the answer's URL is the rendered image). */
  queryKey: QueryKey;
  readonly?: boolean;
  /** The answer of a save: the page's settings now, for the cache. */
  onReplyData: (data: unknown) => void;
}) {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<Partial<Record<keyof S, unknown>>>({});
  const preview = useMemo(() => ({ ...settings, ...live }) as S, [settings, live]);

  /** A draft for the preview; null withdraws it. */
  const setLiveValue = useCallback((name: keyof S, value: unknown) => {
    setLive((current) => {
      const next = { ...current };
      if (value === null) delete next[name];
      else next[name] = value;
      return next;
    });
  }, []);

  type Name = Extract<keyof S, string>;
  /** The options every setting of the builder shares: its field, where it saves, what happens after. */
  const field = <V>(name: Name) => ({
    name,
    api,
    method: 'PUT' as const,
    readonly,
    onSaved: (_value: V, reply: SaveReply) => {
      if (reply.data) onReplyData(reply.data);
      setLiveValue(name, null);
    },
  });
  /** A text whose draft shows in the preview while it is typed. */
  const liveText = (name: Name) => ({ ...field<string>(name), onLive: (v: string | null) => setLiveValue(name, v) });
  /** A colour whose draft shows in the preview while it is picked. */
  const liveColor = (name: Name) => ({
    ...field<unknown>(name),
    value: settings[name] as string | null,
    onLive: (v: string | null) => setLiveValue(name, v),
  });
  /** An image uploaded and cropped in the setting. */
  const image = (name: Name, url: string | null) => ({
    name,
    api,
    method: 'PUT' as const,
    readonly,
    value: { url, crop: null, ratio: 'original' as const },
    upload: uploadSettingImage,
    maxFileSize: SETTING_IMAGE_MAX_BYTES,
    onSaved: () => void queryClient.invalidateQueries({ queryKey }),
  });

  return { preview, setLiveValue, field, liveText, liveColor, image };
}

/** The choices of a builder's background position. */
export function usePositionOptions(): ChoiceOption<BackgroundPosition>[] {
  const { t } = useTranslation();
  return BACKGROUND_POSITIONS.map((p) => ({
    value: p,
    label: t(`pageBuilder.positions.${p}.label`),
    description: t(`pageBuilder.positions.${p}.description`),
  }));
}
