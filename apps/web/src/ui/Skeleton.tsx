import type { CSSProperties, ReactNode } from 'react';

/**
 * A grey block in the shape of content that is still loading. It is decoration: the region around it
 * (SkeletonRegion) tells assistive technology what is loading.
 */
export function Skeleton({
  width,
  height,
  radius,
  className,
  style,
}: {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <span
      className={className ? `skeleton ${className}` : 'skeleton'}
      aria-hidden="true"
      style={{ width, height, borderRadius: radius, ...style }}
    />
  );
}

/**
 * The placeholder of a page or a part of one while its first data loads: the layout the content will have, drawn
 * in skeleton blocks, announced once as "busy" with `label`.
 */
export function SkeletonRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className ? `skeleton-region ${className}` : 'skeleton-region'} role="status" aria-busy="true" data-skeleton="">
      <span className="visually-hidden">{label}</span>
      {children}
    </div>
  );
}
