import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A builder's live preview: a titled bar with a hint, then the page as it will look. */
export function BuilderPreview({ id, hint, canvas, children }: { id: string; hint: string; canvas: string; children: ReactNode }) {
  const { t } = useTranslation();
  const headingId = `${id}-preview-heading`;
  return (
    <section className="page-builder__preview" aria-labelledby={headingId}>
      <div className="page-builder__preview-bar">
        <h2 id={headingId} className="page-builder__preview-title">
          {t('pageBuilder.preview')}
        </h2>
        <p className="page-builder__preview-hint">{hint}</p>
      </div>
      <div className={`page-builder__canvas page-builder__canvas--${canvas}`}>{children}</div>
    </section>
  );
}
