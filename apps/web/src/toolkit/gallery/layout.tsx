import { type ReactNode, useCallback, useRef, useState } from 'react';

/** Records what a gallery setting saved: `saved('title')` is its onSaved. */
export type Saved = (name: string) => (value: unknown) => void;

export interface LogItem {
  id: number;
  text: string;
}

/** A log of the latest 30 lines, newest first (the save log and the widget event log). */
export function useGalleryLog() {
  const [items, setItems] = useState<LogItem[]>([]);
  const counter = useRef(0);
  const add = useCallback((text: string) => {
    counter.current += 1;
    const item = { id: counter.current, text };
    setItems((current) => [item, ...current].slice(0, 30));
  }, []);
  return [items, add] as const;
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="gallery__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

export function State({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div>
      <p className="gallery__state">{name}</p>
      {children}
    </div>
  );
}
