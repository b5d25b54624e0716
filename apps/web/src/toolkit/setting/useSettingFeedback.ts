import { useCallback, useEffect, useState } from 'react';
import type { SettingFlash } from './types';

/** How long the success or error flash and the invalid pulse stay on the setting. */
export const FLASH_MS = 1500;
export const PULSE_MS = 600;

/** The messages at the fields, the success or error flash and the invalid pulse of a setting; flash and pulse wear off. */
export function useSettingFeedback() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [flash, setFlash] = useState<SettingFlash>(null);
  const [pulse, setPulse] = useState(0);

  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  useEffect(() => {
    if (!pulse) return;
    const timer = setTimeout(() => setPulse(0), PULSE_MS);
    return () => clearTimeout(timer);
  }, [pulse]);

  /** An invalid draft: its messages, the error flash and a pulse. */
  const failValidation = useCallback((messages: Record<string, string>) => {
    setErrors(messages);
    setFlash('error');
    setPulse((p) => p + 1);
  }, []);

  return { errors, setErrors, flash, setFlash, pulse, setPulse, failValidation };
}
