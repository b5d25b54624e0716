import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';

export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 8;
const STEP = 1.25;

function clamp(value: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, value));
}

/**
 * A preview image that fits the stage and zooms in and out: buttons (zoom out, zoom in, fit, 100 %), Ctrl or
 * pinch on the wheel, and + / − / 0 while the image area has focus. A zoomed image scrolls in its area.
 */
export function ZoomableImage({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation();
  const viewportRef = useRef<HTMLElement>(null);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [box, setBox] = useState<{ width: number; height: number }>({ width: 0, height: 0 });
  const [zoom, setZoom] = useState<'fit' | number>('fit');

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

  const fitScale =
    natural && box.width > 0 && box.height > 0 ? Math.min(1, (box.width - 32) / natural.width, (box.height - 32) / natural.height) : 1;
  const scale = zoom === 'fit' ? fitScale : zoom;
  const zoomBy = useCallback(
    (factor: number) => setZoom((current) => clamp((current === 'fit' ? fitScale : current) * factor)),
    [fitScale],
  );

  // Ctrl + wheel and trackpad pinch (which arrives as Ctrl + wheel) zoom; a passive React listener could not stop the page zoom.
  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      zoomBy(event.deltaY < 0 ? STEP : 1 / STEP);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [zoomBy]);

  const percent = Math.round(scale * 100);
  return (
    <div className="zoom">
      {/* biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form fieldset. */}
      <div className="zoom__toolbar" role="group" aria-label={t('viewer.zoom.label')}>
        <Button size="sm" variant="ghost" onPress={() => zoomBy(1 / STEP)} isDisabled={scale <= MIN_ZOOM} aria-label={t('viewer.zoom.out')}>
          −
        </Button>
        <output className="zoom__level" aria-live="polite">
          {t('viewer.zoom.level', { percent })}
        </output>
        <Button size="sm" variant="ghost" onPress={() => zoomBy(STEP)} isDisabled={scale >= MAX_ZOOM} aria-label={t('viewer.zoom.in')}>
          +
        </Button>
        <Button size="sm" variant="ghost" onPress={() => setZoom('fit')} isDisabled={zoom === 'fit'}>
          {t('viewer.zoom.fit')}
        </Button>
        <Button size="sm" variant="ghost" onPress={() => setZoom(1)} isDisabled={zoom === 1}>
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
          if (event.key === '+' || event.key === '=') zoomBy(STEP);
          else if (event.key === '-') zoomBy(1 / STEP);
          else if (event.key === '0') setZoom('fit');
          else return;
          event.preventDefault();
        }}
      >
        <img
          className="zoom__img"
          src={src}
          alt={alt}
          draggable={false}
          onLoad={(event) => setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
          style={natural ? { width: natural.width * scale, height: natural.height * scale } : undefined}
        />
      </section>
    </div>
  );
}
