import {
  CROP_REFERENCE_WIDTH,
  type CropBox,
  type CropRatio,
  clampCrop,
  constrainCrop,
  cropFromSave,
  cropToSave,
  initialCrop,
  type Size,
} from '@emblem/core';
import { type PointerEvent as ReactPointerEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import type { ImageFit, ImageValue } from './imageValue';
import { NumberInput } from './NumberInput';

/** A box as percentages of the image it sits on. */
function boxStyle(box: CropBox, natural: Size) {
  return {
    left: `${(box.x / natural.width) * 100}%`,
    top: `${(box.y / natural.height) * 100}%`,
    width: `${(box.width / natural.width) * 100}%`,
    height: `${(box.height / natural.height) * 100}%`,
  };
}

function naturalOf(value: ImageValue): Size | null {
  return value.width && value.height ? { width: value.width, height: value.height } : null;
}

/**
 * The cropper: the image at up to the reference width 800 with a crop box that can be dragged (moved) and resized
 * from its corner, and the same box as numbers for the keyboard. Every change is constrained to the ratio and
 * clamped to the image. Only the image outside the box is shaded. With `fits` (a brand's avatar), it first offers
 * "Fit": the whole image padded to a square (the server pads it), previewed as it will show; or "Crop".
 */
export function Cropper({
  value,
  ratios,
  fits = false,
  onCancel,
  onSave,
  saving,
  error,
}: {
  value: ImageValue;
  ratios: readonly CropRatio[];
  /** Offer "Fit (pad)" besides "Crop"; fitting is the first choice. */
  fits?: boolean;
  onCancel: () => void;
  onSave: (value: ImageValue) => void | Promise<void>;
  saving?: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [fit, setFit] = useState<ImageFit>(() => (fits ? (value.fit ?? 'pad') : 'crop'));
  const padding = fits && fit === 'pad';
  const [natural, setNatural] = useState<Size | null>(() => naturalOf(value));
  const [ratio, setRatio] = useState<CropRatio>(value.ratio ?? 'original');
  const [box, setBox] = useState<CropBox | null>(() => {
    const size = naturalOf(value);
    if (!size) return null;
    return value.crop ? cropFromSave(value.crop, size) : initialCrop(value.ratio ?? 'original', size);
  });
  const stageRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ mode: 'move' | 'resize'; startX: number; startY: number; start: CropBox; scale: number } | null>(null);

  useEffect(() => {
    if (natural && !box) setBox(value.crop ? cropFromSave(value.crop, natural) : initialCrop(ratio, natural));
  }, [natural, box, value.crop, ratio]);

  const displayWidth = natural ? Math.min(CROP_REFERENCE_WIDTH, natural.width) : CROP_REFERENCE_WIDTH;
  const scale = natural ? displayWidth / natural.width : 1;

  const update = (next: CropBox) => {
    if (natural) setBox(constrainCrop(next, ratio, natural));
  };

  const onPointerDown = (mode: 'move' | 'resize') => (event: ReactPointerEvent<HTMLElement>) => {
    if (!box) return;
    event.preventDefault();
    event.stopPropagation();
    (event.target as HTMLElement).setPointerCapture?.(event.pointerId);
    drag.current = { mode, startX: event.clientX, startY: event.clientY, start: box, scale };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || !natural) return;
    const dx = (event.clientX - d.startX) / d.scale;
    const dy = (event.clientY - d.startY) / d.scale;
    if (d.mode === 'move') {
      const x = Math.min(Math.max(0, d.start.x + dx), natural.width - d.start.width);
      const y = Math.min(Math.max(0, d.start.y + dy), natural.height - d.start.height);
      setBox(clampCrop({ ...d.start, x, y }, natural));
    } else {
      update({ ...d.start, width: d.start.width + dx, height: d.start.height + dy });
    }
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const field = (key: keyof CropBox) => (
    <NumberInput
      key={key}
      label={t(`toolkit.image.box.${key}`)}
      unit="px"
      value={box ? Math.round(box[key]) : ''}
      disabled={!box}
      onChange={(text) => {
        if (!box || !natural) return;
        const n = Number(text);
        if (!Number.isFinite(n)) return;
        const next = { ...box, [key]: n };
        // Height follows width under a fixed ratio; editing the height of a fixed ratio adjusts the width.
        const aspect = ratio === 'free' ? null : box.width / Math.max(1, box.height);
        if (key === 'height' && aspect) next.width = n * aspect;
        update(next);
      }}
    />
  );

  const image = (
    <img
      className="cropper__image"
      src={value.url ?? ''}
      alt={t('toolkit.image.cropImage')}
      draggable={false}
      onLoad={(e) => {
        const img = e.currentTarget;
        if (!natural && img.naturalWidth) setNatural({ width: img.naturalWidth, height: img.naturalHeight });
      }}
    />
  );

  return (
    <div className="cropper">
      {fits ? (
        <fieldset className="cropper__fits">
          <legend className="field__label">{t('toolkit.image.fit.legend')}</legend>
          {(['pad', 'crop'] as const).map((option) => (
            <label key={option} className="cropper__fit-option">
              <input type="radio" name={`${id}-fit`} value={option} checked={fit === option} onChange={() => setFit(option)} />
              <span>
                <span className="cropper__fit-label">{t(`toolkit.image.fit.${option}`)}</span>
                <span className="field__description">{t(`toolkit.image.fit.${option}Hint`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {padding ? (
        // The square the image will be shown in, the image whole inside it on the transparency checkerboard.
        <div className="cropper__padded" data-testid="fit-preview">
          {image}
        </div>
      ) : (
        <>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-ratio`}>
              {t('toolkit.image.ratio')}
            </label>
            <select
              id={`${id}-ratio`}
              className="field__input"
              value={ratio}
              onChange={(e) => {
                const next = e.target.value as CropRatio;
                setRatio(next);
                if (natural) setBox(initialCrop(next, natural));
              }}
            >
              {ratios.map((r) => (
                <option key={r} value={r}>
                  {t(`toolkit.image.ratios.${r}`)}
                </option>
              ))}
            </select>
          </div>
          <div
            ref={stageRef}
            className="cropper__stage"
            style={{ width: `${displayWidth}px`, maxWidth: '100%' }}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
          >
            {image}
            {box && natural ? (
              <>
                {/* The shade: the box's outside, clipped to the image so the rest of the dialog stays as it is. */}
                <div className="cropper__clip" aria-hidden="true">
                  <div className="cropper__shade" data-testid="crop-shade" style={boxStyle(box, natural)} />
                </div>
                <div className="cropper__box" data-testid="crop-box" style={boxStyle(box, natural)} onPointerDown={onPointerDown('move')}>
                  <span className="cropper__handle" onPointerDown={onPointerDown('resize')} aria-hidden="true" />
                </div>
              </>
            ) : null}
          </div>
          <fieldset className="composite composite--four" disabled={!box}>
            <legend className="field__label">{t('toolkit.image.box.legend')}</legend>
            {field('x')}
            {field('y')}
            {field('width')}
            {field('height')}
          </fieldset>
        </>
      )}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog__actions">
        <Button onPress={onCancel}>{t('common.cancel')}</Button>
        <Button
          variant="primary"
          isDisabled={!natural || (!padding && !box)}
          isPending={saving}
          onPress={() => {
            if (!natural) return;
            const size = { width: natural.width, height: natural.height };
            // Fitting keeps the whole image: no crop; the server pads it to a square.
            if (padding) void onSave({ ...value, ratio: 'original', crop: null, fit: 'pad', ...size });
            else if (box) void onSave({ ...value, ratio, crop: cropToSave(box, natural), ...(fits ? { fit: 'crop' } : {}), ...size });
          }}
        >
          {t('toolkit.image.save')}
        </Button>
      </div>
    </div>
  );
}
