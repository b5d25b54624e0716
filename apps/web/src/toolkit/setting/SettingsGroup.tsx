import { createContext, type ReactNode, useContext, useMemo } from 'react';

/**
 * Settings that Tab and Shift-Tab move between. Every setting registers here; the order
 * is the order in the document, so conditional or reordered settings need no bookkeeping.
 */
export interface RegisteredSetting {
  id: string;
  element: () => HTMLElement | null;
  /** Enters the setting from a neighbour: an inline setting becomes active, a direct one gets focus. */
  enter: (from: 'next' | 'previous') => void;
}

export interface SettingsRegistry {
  register: (setting: RegisteredSetting) => () => void;
  /** The setting after (or before) this one in document order, skipping settings that are not in the page. */
  neighbour: (id: string, direction: 'next' | 'previous') => RegisteredSetting | null;
}

export function createSettingsRegistry(): SettingsRegistry {
  const settings = new Map<string, RegisteredSetting>();
  return {
    register(setting) {
      settings.set(setting.id, setting);
      return () => {
        if (settings.get(setting.id) === setting) settings.delete(setting.id);
      };
    },
    neighbour(id, direction) {
      const present = [...settings.values()].filter((s) => s.element()?.isConnected);
      present.sort((a, b) => {
        const ea = a.element();
        const eb = b.element();
        if (!ea || !eb) return 0;
        return ea.compareDocumentPosition(eb) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
      });
      const index = present.findIndex((s) => s.id === id);
      if (index === -1) return null;
      return present[direction === 'next' ? index + 1 : index - 1] ?? null;
    },
  };
}

/** Without a SettingsGroup, all settings of the page form one group. */
const pageRegistry = createSettingsRegistry();
const SettingsGroupContext = createContext<SettingsRegistry>(pageRegistry);

export function useSettingsRegistry(): SettingsRegistry {
  return useContext(SettingsGroupContext);
}

/** Limits Tab navigation to the settings inside (e.g. one panel or one dialog). */
export function SettingsGroup({ children }: { children: ReactNode }) {
  const registry = useMemo(createSettingsRegistry, []);
  return <SettingsGroupContext.Provider value={registry}>{children}</SettingsGroupContext.Provider>;
}
