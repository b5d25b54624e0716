import type { ReactNode } from 'react';

/** One titled group of settings in a builder's panel. */
export function BuilderSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="panel page-builder__section" aria-labelledby={`builder-${id}-heading`}>
      <h2 id={`builder-${id}-heading`} className="panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
