import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Badge, EmptyState, LoadFailedAlert, LoadingState } from '../../../ui/Feedback';
import { type PageSummary, pageQuery, type SectionResponse } from '../documents/api';
import { AddSection } from './AddSection';
import { useEditor } from './EditorContext';
import { SectionEditor } from './SectionEditor';
import { TabGroup } from './TabGroup';

/** Consecutive sections that share a group id form one tab group; the others stand alone. */
export type SectionRun = { kind: 'single'; section: SectionResponse } | { kind: 'tabs'; groupId: string; sections: SectionResponse[] };

export function sectionRuns(sections: readonly SectionResponse[]): SectionRun[] {
  const runs: SectionRun[] = [];
  for (const section of sections) {
    const last = runs[runs.length - 1];
    if (section.group_id && last?.kind === 'tabs' && last.groupId === section.group_id) last.sections.push(section);
    else if (section.group_id) runs.push({ kind: 'tabs', groupId: section.group_id, sections: [section] });
    else runs.push({ kind: 'single', section });
  }
  return runs;
}

/** The open page: its sections in order (tab groups as tabs), each with its columns and blocks. */
export function PageCanvas({ page }: { page: PageSummary }) {
  const { t } = useTranslation();
  const { canEdit } = useEditor();
  const content = useQuery(pageQuery(page.id));
  const location = useLocation();
  const [announcement, setAnnouncement] = useState('');

  // A heading link or a copied address (#section-12) scrolls to its section once the page is there.
  useEffect(() => {
    if (!content.data || !location.hash) return;
    const target = window.document.getElementById(decodeURIComponent(location.hash.slice(1)));
    target?.scrollIntoView?.({ block: 'start' });
  }, [content.data, location.hash]);

  if (content.isPending) return <LoadingState label={t('guidelines.canvas.loading')} />;
  if (content.isError)
    return <LoadFailedAlert title={t('guidelines.canvas.loadFailed')} error={content.error} onRetry={() => void content.refetch()} />;

  const sections = content.data.sections;
  return (
    <article className="page-canvas" aria-labelledby="page-canvas-title">
      <header className="page-canvas__header">
        <h2 id="page-canvas-title" className="page-canvas__title">
          {page.title}
        </h2>
        {page.hidden ? <Badge tone="warning">{t('guidelines.tree.draft')}</Badge> : null}
      </header>
      {sections.length === 0 ? (
        <EmptyState
          title={t('guidelines.canvas.emptyTitle')}
          action={canEdit ? <AddSection page={content.data} position={0} primary /> : undefined}
        >
          {canEdit ? t('guidelines.canvas.emptyEditor') : t('guidelines.canvas.emptyReader')}
        </EmptyState>
      ) : (
        <>
          {sectionRuns(sections).map((run) =>
            run.kind === 'single' ? (
              <SectionEditor
                key={run.section.id}
                page={content.data}
                section={run.section}
                index={sections.indexOf(run.section)}
                onAnnounce={setAnnouncement}
              />
            ) : (
              <TabGroup
                key={`${run.groupId}-${run.sections[0]?.id}`}
                page={content.data}
                sections={run.sections}
                onAnnounce={setAnnouncement}
              />
            ),
          )}
          {canEdit ? (
            <div className="page-canvas__add">
              <AddSection page={content.data} position={sections.length} />
            </div>
          ) : null}
        </>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </article>
  );
}
