import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubLayout } from '../../test/utils';
import { ZoomableImage } from './ZoomableImage';

/**
 * The zoom in jsdom, which does no layout: the image area measures 1000 × 700 and sits at the top left of the
 * window; the zoomed image sits in it centred, or from its top left when larger.
 */
const AREA = { width: 1000, height: 700 };
let restore: () => void;
let rectDescriptor: PropertyDescriptor | undefined;
beforeEach(() => {
  restore = stubLayout(AREA);
  rectDescriptor = Object.getOwnPropertyDescriptor(Element.prototype, 'getBoundingClientRect');
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const rect = (left: number, top: number, width: number, height: number) =>
      ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top, toJSON: () => ({}) }) as DOMRect;
    if (this.classList.contains('zoom__viewport')) return rect(0, 0, AREA.width, AREA.height);
    if (this.classList.contains('zoom__canvas')) {
      const el = this as HTMLElement;
      const width = Number.parseFloat(el.style.width) || 0;
      const height = Number.parseFloat(el.style.height) || 0;
      const viewport = el.parentElement as HTMLElement;
      const left = width < AREA.width ? (AREA.width - width) / 2 : -viewport.scrollLeft;
      const top = height < AREA.height ? (AREA.height - height) / 2 : -viewport.scrollTop;
      return rect(left, top, width, height);
    }
    return rect(0, 0, 0, 0);
  };
});
afterEach(() => {
  restore();
  if (rectDescriptor) Object.defineProperty(Element.prototype, 'getBoundingClientRect', rectDescriptor);
});

/** The preview loads with these pixels. */
function loadPreview(width: number, height: number) {
  const preview = screen.getByRole('img', { name: 'Beach' });
  Object.defineProperty(preview, 'naturalWidth', { configurable: true, value: width });
  Object.defineProperty(preview, 'naturalHeight', { configurable: true, value: height });
  fireEvent.load(preview);
  return preview;
}
const level = () => document.querySelector('output.zoom__level')?.textContent;
const pieces = () => [...document.querySelectorAll<HTMLImageElement>('img.zoom__piece')].map((img) => img.getAttribute('src'));
const canvas = () => document.querySelector<HTMLElement>('.zoom__canvas');

describe('ZoomableImage', () => {
  it("says the scale relative to the original and loads the original's pixels at 100 %", async () => {
    const user = userEvent.setup();
    render(
      <ZoomableImage
        src="/media/preview-1600"
        alt="Beach"
        intrinsic={{ width: 3000, height: 2000 }}
        pyramid={{ assetId: 7, revisionId: 70, vector: false }}
      />,
    );
    const preview = loadPreview(1600, 1067);
    // Fit: 968 / 3000 of the original (the preview's own width would say 60 %).
    expect(level()).toBe('32%');
    expect(canvas()?.style.width).toBe(`${3000 * (968 / 3000)}px`);
    expect(pieces()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Actual size' }));
    expect(level()).toBe('100%');
    expect(canvas()?.style.width).toBe('3000px');
    expect(pieces()).toEqual(['/api/asset/7/zoom?revision=70&level=0']);
    // The preview stays visible until the original has loaded, then the original covers it.
    expect(preview.className).not.toContain('covered');
    const piece = document.querySelector('img.zoom__piece') as HTMLImageElement;
    expect(piece.className).not.toContain('loaded');
    fireEvent.load(piece);
    expect(piece.className).toContain('zoom__piece--loaded');
    expect(preview.className).toContain('zoom__img--covered');

    // Keys: − zooms out (80 %, still past the preview's pixels), + back in, 0 fits (the preview suffices again).
    const area = screen.getByRole('region', { name: /Preview/ });
    fireEvent.keyDown(area, { key: '-' });
    expect(level()).toBe('80%');
    expect(pieces()).toEqual(['/api/asset/7/zoom?revision=70&level=0']);
    fireEvent.keyDown(area, { key: '+' });
    expect(level()).toBe('100%');
    fireEvent.keyDown(area, { key: '0' });
    expect(level()).toBe('32%');
    expect(pieces()).toEqual([]);
    expect(preview.className).not.toContain('covered');
    fireEvent.keyDown(area, { key: '1' });
    expect(level()).toBe('100%');
  });

  it('loads the tiles of the visible part of a very large image, and others as it scrolls', async () => {
    const user = userEvent.setup();
    render(
      <ZoomableImage
        src="/media/preview-1600"
        alt="Beach"
        intrinsic={{ width: 12_000, height: 8_000 }}
        pyramid={{ assetId: 7, revisionId: 70, vector: false }}
      />,
    );
    loadPreview(1600, 1067);
    expect(level()).toBe('8%');
    await user.click(screen.getByRole('button', { name: 'Actual size' }));
    // Centred on the middle of the image (6000, 4000): tiles 10–12 × 7–8 are in view, one more around.
    const first = pieces();
    expect(first).toHaveLength(5 * 4);
    expect(first).toContain('/api/asset/7/zoom?revision=70&level=0&x=11&y=7');
    expect(first.every((url) => url?.includes('level=0&x='))).toBe(true);
    const viewport = screen.getByRole('region', { name: /Preview/ });
    expect(viewport.scrollLeft).toBe(6000 - 500);
    // Scrolled to the top left corner: its tiles.
    viewport.scrollLeft = 0;
    viewport.scrollTop = 0;
    await act(async () => {
      fireEvent.scroll(viewport);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(pieces()).toContain('/api/asset/7/zoom?revision=70&level=0&x=0&y=0');
    expect(pieces()).not.toContain('/api/asset/7/zoom?revision=70&level=0&x=11&y=7');
  });

  it('keeps the preview when a level cannot be loaded', async () => {
    const user = userEvent.setup();
    render(
      <ZoomableImage
        src="/media/p"
        alt="Beach"
        intrinsic={{ width: 3000, height: 2000 }}
        pyramid={{ assetId: 7, revisionId: 70, vector: false }}
      />,
    );
    loadPreview(1600, 1067);
    await user.click(screen.getByRole('button', { name: 'Actual size' }));
    fireEvent.error(document.querySelector('img.zoom__piece') as HTMLImageElement);
    expect(pieces()).toEqual([]);
    expect(level()).toBe('100%');
  });

  it('fits an SVG to the stage and rasterises it afresh when zoomed past its preview', async () => {
    const user = userEvent.setup();
    render(
      <ZoomableImage
        src="/media/logo"
        alt="Beach"
        intrinsic={{ width: 400, height: 300 }}
        pyramid={{ assetId: 8, revisionId: 80, vector: true }}
        enlargeToFit
      />,
    );
    loadPreview(1600, 1200);
    expect(level()).toBe(`${Math.round((668 / 300) * 100)}%`);
    expect(pieces()).toEqual([]);
    for (let i = 0; i < 6; i++) await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(level()).toBe('800%');
    expect(pieces()).toEqual(['/api/asset/8/zoom?revision=80&level=3']);
  });

  it('without the image’s size (a page preview), measures the preview and never asks for more', async () => {
    const user = userEvent.setup();
    render(<ZoomableImage src="/media/page-2" alt="Beach" />);
    loadPreview(1600, 2000);
    expect(level()).toBe(`${Math.round((668 / 2000) * 100)}%`);
    await user.click(screen.getByRole('button', { name: 'Actual size' }));
    expect(level()).toBe('100%');
    expect(pieces()).toEqual([]);
  });
});
