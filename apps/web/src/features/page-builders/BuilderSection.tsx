import type { ReactNode } from 'react';
import { PanelSection } from '../../ui/Panel';

/** One titled group of settings in a builder's panel. */
export function BuilderSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <PanelSection id={`builder-${id}`} className="page-builder__section" title={title}>
      {children}
    </PanelSection>
  );
}
