import type { ReactNode } from 'react';

/** A panel that its heading names: `{id}-heading` labels the region. */
export function PanelSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section className={className ? `panel ${className}` : 'panel'} aria-labelledby={headingId}>
      <h2 id={headingId} className="panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
