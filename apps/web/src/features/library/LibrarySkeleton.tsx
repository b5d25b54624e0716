import { useTranslation } from 'react-i18next';
import { Skeleton, SkeletonRegion } from '../../ui/Skeleton';
import type { ViewMode } from './AssetGrid';
import { useViewMode } from './hooks';

const TILES = 12;
const ROWS = 10;
const TREE = [9, 7, 8, 6, 10, 7];

/**
 * The folder's contents while they first load: tiles, or list rows under their header, in the view in use. On its
 * own it says "Loading assets"; inside the page's skeleton, the page says what loads.
 */
export function ContentsSkeleton({ view, standalone = true }: { view: ViewMode; standalone?: boolean }) {
  const { t } = useTranslation();
  const className = `contents-skeleton contents-skeleton--${view}`;
  const blocks =
    view === 'grid'
      ? Array.from({ length: TILES }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their place.
          <div key={i} className="contents-skeleton__tile">
            <Skeleton className="contents-skeleton__media" />
            <Skeleton width={`${55 + ((i * 17) % 35)}%`} height="0.85rem" />
            <Skeleton width="2rem" height="0.7rem" />
          </div>
        ))
      : [
          <div key="header" className="contents-skeleton__header">
            <Skeleton width="4rem" height="0.8rem" />
          </div>,
          ...Array.from({ length: ROWS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their place.
            <div key={i} className="contents-skeleton__row">
              <Skeleton width="2.5rem" height="2.5rem" />
              <Skeleton width={`${30 + ((i * 23) % 40)}%`} height="0.85rem" />
              <Skeleton width="4rem" height="0.85rem" className="contents-skeleton__end" />
            </div>
          )),
        ];
  if (!standalone) return <div className={className}>{blocks}</div>;
  return (
    <SkeletonRegion label={t('library.loadingAssets')} className={className}>
      {blocks}
    </SkeletonRegion>
  );
}

/**
 * The library page while its project and folder tree first load: the sidebar's tree, the breadcrumbs, title and
 * actions, the toolbar and the contents, in the places they will take.
 */
export function LibrarySkeleton() {
  const { t } = useTranslation();
  const [view] = useViewMode();
  return (
    <SkeletonRegion label={t('library.loading')} className="library">
      <aside className="library__sidebar">
        <div className="tree-skeleton">
          {TREE.map((width, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their place.
            <div key={i} className="tree-skeleton__row" style={{ paddingInlineStart: `${i === 0 ? 0 : 1.75}rem` }}>
              <Skeleton width="1.25rem" height="1rem" />
              <Skeleton width={`${width}rem`} height="0.85rem" />
            </div>
          ))}
        </div>
      </aside>
      <section className="library__main">
        <header className="library__header">
          <Skeleton width="12rem" height="0.85rem" />
          <div className="library__title-row">
            <div className="library__title">
              <Skeleton width="14rem" height="1.6rem" />
            </div>
            <div className="library__actions">
              <Skeleton width="6rem" height="var(--control-height)" radius="var(--radius-md)" />
              <Skeleton width="7rem" height="var(--control-height)" radius="var(--radius-md)" />
            </div>
          </div>
        </header>
        <div className="library__content">
          <div className="library-toolbar">
            <Skeleton width="6rem" height="0.85rem" />
            <Skeleton width="12rem" height="2rem" radius="var(--radius-md)" />
          </div>
          <ContentsSkeleton view={view} standalone={false} />
        </div>
      </section>
    </SkeletonRegion>
  );
}
