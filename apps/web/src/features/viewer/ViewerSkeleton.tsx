import { useTranslation } from 'react-i18next';
import { Skeleton, SkeletonRegion } from '../../ui/Skeleton';

const FIELDS = [5, 9, 7];
const FACTS = [6, 8, 5, 7];

/**
 * The viewer while its asset first loads: the bar with the way back, the title and the actions, the preview's
 * place and the details panel, where they will be.
 */
export function ViewerSkeleton() {
  const { t } = useTranslation();
  return (
    <SkeletonRegion label={t('viewer.loading')} className="viewer">
      <div className="viewer__bar">
        <Skeleton width="8rem" height="0.85rem" />
        <div className="viewer__heading">
          <Skeleton width="min(16rem, 100%)" height="1.3rem" />
        </div>
        <div className="viewer__tools">
          <Skeleton width="5.5rem" height="2rem" radius="var(--radius-md)" />
          <Skeleton width="4.5rem" height="2rem" radius="var(--radius-md)" />
          <Skeleton width="7rem" height="2rem" radius="var(--radius-md)" />
        </div>
      </div>
      <div className="viewer__body">
        <div className="viewer__stage viewer-skeleton__stage">
          <Skeleton className="viewer-skeleton__preview" />
        </div>
        <div className="viewer__side">
          <div className="viewer-skeleton__group">
            <Skeleton width="6rem" height="1.1rem" />
            {FIELDS.map((width, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their place.
              <div key={i} className="viewer-skeleton__field">
                <Skeleton width="5rem" height="0.75rem" />
                <Skeleton width={`${width * 2}rem`} height="2.25rem" radius="var(--radius-md)" />
              </div>
            ))}
          </div>
          <div className="viewer-skeleton__group">
            <Skeleton width="7rem" height="1.1rem" />
            {FACTS.map((width, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their place.
              <Skeleton key={i} width={`${width * 2}rem`} height="0.85rem" />
            ))}
          </div>
        </div>
      </div>
    </SkeletonRegion>
  );
}

/** The preview's place while its URLs load. */
export function PreviewSkeleton() {
  const { t } = useTranslation();
  return (
    <SkeletonRegion label={t('viewer.loadingPreview')} className="viewer-skeleton__stage">
      <Skeleton className="viewer-skeleton__preview" />
    </SkeletonRegion>
  );
}
