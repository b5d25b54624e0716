import type { ZoomSize } from '@emblem/core';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import {
  chooseLevel,
  clampZoom,
  fitScale,
  type LevelPiece,
  levelPieces,
  MAX_ZOOM,
  MIN_ZOOM,
  type Region,
  ZOOM_STEP,
  type ZoomSource,
} from './zoom';

export { MAX_ZOOM, MIN_ZOOM } from './zoom';

interface ZoomableImageProps {
  /** The preview, shown at once and kept under any sharper level. */
  src: string;
  alt: string;
  /** The image's own size (the original's pixels, an SVG's or a page's size); else the preview's. */
  intrinsic?: ZoomSize | null;
  /** Where to load sharper levels from when the preview has too few pixels for the zoom (images only). */
  pyramid?: ZoomSource | null;
  /** Vectors and documents: fit may enlarge them past 100 %. */
  enlargeToFit?: boolean;
  /** Drawn over the image, in its box (percent positions stay on the same spot at every zoom): comment markers. */
  overlay?: ReactNode;
}

/** The part of the image (in its own pixels) that the viewport shows. */
function visibleRegion(viewport: HTMLElement, canvas: HTMLElement, scale: number): Region {
  const v = viewport.getBoundingClientRect();
  const c = canvas.getBoundingClientRect();
  const left = Math.max(0, v.left - c.left);
  const top = Math.max(0, v.top - c.top);
  const right = Math.min(c.width, v.right - c.left);
  const bottom = Math.min(c.height, v.bottom - c.top);
  return { left: left / scale, top: top / scale, width: Math.max(0, right - left) / scale, height: Math.max(0, bottom - top) / scale };
}

/**
 * A preview image that fits the stage and zooms in and out: buttons (zoom out, zoom in, fit, 100 %), Ctrl or
 * pinch on the wheel, and + / − / 0 while the image area has focus. A zoomed image scrolls in its area. The
 * percentage is relative to the image's own size; past the preview's pixels, a sharper level of the image loads
 * over it (whole, or the tiles of the visible part), and the image shown stays until the sharper one is there.
 */
export function ZoomableImage({ src, alt, intrinsic, pyramid, enlargeToFit = false, overlay }: ZoomableImageProps) {
  const { t } = useTranslation();
  const viewportRef = useRef<HTMLElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const [natural, setNatural] = useState<ZoomSize | null>(null);
  const [box, setBox] = useState<ZoomSize>({ width: 0, height: 0 });
  const [zoom, setZoom] = useState<'fit' | number>('fit');
  const [visible, setVisible] = useState<Region | null>(null);
  const size = intrinsic && intrinsic.width > 0 && intrinsic.height > 0 ? intrinsic : natural;

  useLayoutEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const measure = () => setBox({ width: element.clientWidth, height: element.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const fit = size ? fitScale(size, box, enlargeToFit) : 1;
  const scale = zoom === 'fit' ? fit : zoom;
  const minZoom = Math.min(MIN_ZOOM, fit);

  // Zooming keeps the point at the centre of the area where it was.
  const anchor = useRef<{ x: number; y: number } | null>(null);
  const rememberCentre = useCallback(() => {
    const viewport = viewportRef.current;
    const canvas = canvasRef.current;
    if (!viewport || !canvas || canvas.clientWidth === 0 || canvas.clientHeight === 0) return;
    const v = viewport.getBoundingClientRect();
    const c = canvas.getBoundingClientRect();
    anchor.current = { x: (v.left + v.width / 2 - c.left) / c.width, y: (v.top + v.height / 2 - c.top) / c.height };
  }, []);
  const zoomTo = useCallback(
    (next: 'fit' | number) => {
      rememberCentre();
      setZoom(next);
    },
    [rememberCentre],
  );
  const zoomBy = useCallback(
    (factor: number) => {
      rememberCentre();
      setZoom((current) => clampZoom((current === 'fit' ? fit : current) * factor, fit));
    },
    [fit, rememberCentre],
  );

  const measureVisible = useCallback(() => {
    const viewport = viewportRef.current;
    const canvas = canvasRef.current;
    if (!viewport || !canvas || scale <= 0) return;
    setVisible(visibleRegion(viewport, canvas, scale));
  }, [scale]);

  // After a zoom: scroll so the remembered point is back in the centre, then see what is visible.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the scale or the area's size changes.
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    const canvas = canvasRef.current;
    const a = anchor.current;
    anchor.current = null;
    if (viewport && canvas && a) {
      const v = viewport.getBoundingClientRect();
      const c = canvas.getBoundingClientRect();
      viewport.scrollLeft += c.left + a.x * c.width - (v.left + v.width / 2);
      viewport.scrollTop += c.top + a.y * c.height - (v.top + v.height / 2);
    }
    measureVisible();
  }, [scale, box.width, box.height, size?.width, size?.height]);

  // Panning shows other tiles: measured once per frame while scrolling.
  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        measureVisible();
      });
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [measureVisible]);

  // Ctrl + wheel and trackpad pinch (which arrives as Ctrl + wheel) zoom; a passive React listener could not stop the page zoom.
  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      zoomBy(event.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [zoomBy]);

  // The level the zoom needs, once the preview has loaded (its width says how sharp it is).
  const [failed, setFailed] = useState(false);
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const level =
    pyramid && size && natural && !failed ? chooseLevel({ size, scale, dpr, previewWidth: natural.width, vector: pyramid.vector }) : null;
  const pieces = useMemo(
    () => (pyramid && size && level !== null && visible ? levelPieces(pyramid, size, level, visible) : []),
    [pyramid, size, level, visible],
  );
  const loaded = useLoadedSet(src);
  // The last level whose visible pieces had all loaded stays under the one loading, so nothing flashes.
  const [settled, setSettled] = useState<{ level: number; pieces: LevelPiece[] } | null>(null);
  const complete = level !== null && pieces.length > 0 && pieces.every((p) => loaded.has(p.url));
  useEffect(() => {
    if (complete && level !== null) setSettled({ level, pieces });
    else if (level === null) setSettled(null);
  }, [complete, level, pieces]);
  // A whole level, loaded, covers the preview entirely: hidden, it cannot show through transparent parts.
  const coversPreview = complete && pieces.length === 1 && !pieces[0]?.key.includes('/');
  const under = settled && settled.level !== level ? settled.pieces.filter((p) => loaded.has(p.url)) : [];

  const percent = Math.round(scale * 100);
  const displayed = size ? { width: size.width * scale, height: size.height * scale } : null;
  const renderPiece = (piece: LevelPiece, layer: string) => (
    <img
      key={`${layer}:${piece.key}`}
      className={`zoom__piece${loaded.has(piece.url) ? ' zoom__piece--loaded' : ''}`}
      src={piece.url}
      alt=""
      draggable={false}
      data-level={piece.key}
      style={piece.style}
      onLoad={() => loaded.add(piece.url)}
      onError={() => setFailed(true)}
    />
  );
  return (
    <div className="zoom">
      {/* biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form fieldset. */}
      <div className="zoom__toolbar" role="group" aria-label={t('viewer.zoom.label')}>
        <Button
          size="sm"
          variant="ghost"
          onPress={() => zoomBy(1 / ZOOM_STEP)}
          isDisabled={scale <= minZoom}
          aria-label={t('viewer.zoom.out')}
        >
          −
        </Button>
        <output className="zoom__level" aria-live="polite">
          {t('viewer.zoom.level', { percent })}
        </output>
        <Button size="sm" variant="ghost" onPress={() => zoomBy(ZOOM_STEP)} isDisabled={scale >= MAX_ZOOM} aria-label={t('viewer.zoom.in')}>
          +
        </Button>
        <Button size="sm" variant="ghost" onPress={() => zoomTo('fit')} isDisabled={zoom === 'fit'}>
          {t('viewer.zoom.fit')}
        </Button>
        <Button size="sm" variant="ghost" onPress={() => zoomTo(1)} isDisabled={zoom === 1}>
          {t('viewer.zoom.actual')}
        </Button>
      </div>
      <section
        ref={viewportRef}
        className={`zoom__viewport${zoom === 'fit' ? ' zoom__viewport--fit' : ''}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrollable image area must be reachable to scroll and zoom with keys.
        tabIndex={0}
        aria-label={t('viewer.zoom.area')}
        onKeyDown={(event) => {
          if (event.key === '+' || event.key === '=') zoomBy(ZOOM_STEP);
          else if (event.key === '-') zoomBy(1 / ZOOM_STEP);
          else if (event.key === '0') zoomTo('fit');
          else if (event.key === '1') zoomTo(1);
          else return;
          event.preventDefault();
        }}
      >
        <div
          ref={canvasRef}
          className={`zoom__canvas${displayed ? '' : ' zoom__canvas--natural'}`}
          style={displayed ? { width: displayed.width, height: displayed.height } : undefined}
          data-scale={scale}
          data-level={level ?? undefined}
        >
          <img
            className={`zoom__img${coversPreview ? ' zoom__img--covered' : ''}`}
            src={src}
            alt={alt}
            draggable={false}
            onLoad={(event) => setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
          />
          {under.length > 0 || pieces.length > 0 ? (
            <div className="zoom__levels" aria-hidden="true">
              {under.map((piece) => renderPiece(piece, 'under'))}
              {pieces.map((piece) => renderPiece(piece, 'level'))}
            </div>
          ) : null}
          {displayed ? overlay : null}
        </div>
      </section>
    </div>
  );
}

/** URLs of pieces that have loaded (re-rendering when one does); emptied when the preview changes. */
function useLoadedSet(resetKey: string) {
  const [urls, setUrls] = useState<ReadonlySet<string>>(() => new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new preview (another page) starts afresh.
  useEffect(() => setUrls(new Set()), [resetKey]);
  return useMemo(
    () => ({
      has: (url: string) => urls.has(url),
      add: (url: string) => setUrls((current) => (current.has(url) ? current : new Set(current).add(url))),
    }),
    [urls],
  );
}
