import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from './messages';
import { saveSetting } from './save';
import type { SettingFlash, SettingOptions } from './types';

interface SettingSaveOptions<V> {
  name: string;
  optionsRef: RefObject<SettingOptions<V>>;
  serialise: (value: V) => Record<string, unknown>;
  equals: (a: V, b: V) => boolean;
  draftRef: RefObject<V>;
  setSaved: (value: V) => void;
  setDraft: (value: V) => void;
  setErrors: (errors: Record<string, string>) => void;
  setFlash: (flash: SettingFlash) => void;
}

/**
 * The save of a setting, as a mutation: `persist(value)` sends the serialised fields to `api` and resolves to true
 * when they were saved. Success takes over the saved value (and the draft, if it is still the one sent), flashes,
 * calls onSaved and refetches `invalidates`; a refusal puts its messages at the fields and flashes an error.
 */
export function useSettingSave<V>({
  name,
  optionsRef,
  serialise,
  equals,
  draftRef,
  setSaved,
  setDraft,
  setErrors,
  setFlash,
}: SettingSaveOptions<V>) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { api, method = 'POST' } = optionsRef.current;
  const mutation = useMutation({
    mutationFn: (fields: Record<string, unknown>) => saveSetting({ api, method, fields, language: i18n.language }),
  });

  const persist = useCallback(
    async (v: V): Promise<boolean> => {
      const opts = optionsRef.current;
      const reply = await mutation.mutateAsync(serialise(v));
      if (reply.success) {
        const next = opts.fromReply ? opts.fromReply(reply, v) : v;
        setSaved(next);
        if (equals(draftRef.current, v)) setDraft(next);
        setErrors({});
        setFlash('success');
        opts.onSaved?.(next, reply);
        for (const key of opts.invalidates ?? []) void queryClient.invalidateQueries({ queryKey: key });
        return true;
      }
      const custom = opts.readErrors?.(reply);
      const messages: Record<string, string> = {};
      for (const [field, message] of Object.entries(custom ?? reply.errors)) messages[field] = serverMessage(t, i18n, message);
      if (Object.keys(messages).length === 0) {
        messages[name] = reply.error ? serverMessage(t, i18n, reply.error) : t('toolkit.setting.saveFailed');
      }
      setErrors(messages);
      setFlash('error');
      return false;
    },
    [mutation, serialise, equals, setSaved, setDraft, queryClient, t, i18n, name, optionsRef, draftRef, setErrors, setFlash],
  );

  return { persist, saving: mutation.isPending };
}
