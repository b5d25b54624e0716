import {
  CROP_RATIOS,
  CROP_REFERENCE_WIDTH,
  type CropBox,
  type CropRatio,
  type CropSave,
  clampCrop,
  constrainCrop,
  cropFromSave,
  cropToSave,
  formatBytes,
  initialCrop,
  type Size,
} from '@emblem/core';
import { type PointerEvent as ReactPointerEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/api';
import { useAppNavigate } from '../../lib/navigation';
import { Button } from '../../ui/Button';
import { AppDialog, DialogCloseActions } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import { SettingFrame } from '../setting/Setting';
import type { SaveMethod } from '../setting/save';
import { useSetting } from '../setting/useSetting';
import { NumberInput } from './NumberInput';

/** An image setting's value. */
export interface ImageValue {
  url: string | null;
  crop: CropSave | null;
  ratio: CropRatio;
  /** The image's own id (asset or upload). */
  id?: number | null;
  /** A new upload's token (the upload answer's file_id). */
  file_id?: string | null;
  payload?: unknown;
  /** The natural size when known (saves waiting for the image to load). */
  width?: number;
  height?: number;
}

/** The upload answer: generic_url, file_id, id, payload. */
export interface ImageUpload {
  generic_url: string;
  file_id: string | null;
  id: number | null;
  payload?: unknown;
  width?: number;
  height?: number;
}

/** The fields an image setting saves: url, {id}_crop, {id}_isWorkspaceAsset, {id}_ratio, {id}_id, file_id, payload. */
export function imageSaveFields(name: string, value: ImageValue): Record<string, unknown> {
  return {
    [name]: value.url,
    [`${name}_crop`]: value.crop,
    [`${name}_isWorkspaceAsset`]: false,
    [`${name}_ratio`]: value.ratio,
    [`${name}_id`]: value.id ?? null,
    file_id: value.file_id ?? null,
    payload: value.payload ?? null,
  };
}

/** The refusal of a too big upload: the summed size reaches maxFileSize. */
export function uploadTooBig(files: readonly { size: number }[], maxFileSize: number | null | undefined): boolean {
  if (!maxFileSize) return false;
  return files.reduce((sum, f) => sum + f.size, 0) >= maxFileSize;
}

export interface ImageSettingProps {
  name: string;
  label: string;
  value: ImageValue;
  api?: string | null;
  method?: SaveMethod;
  /** Bytes; an upload at or above it is refused with the block-upload-file-too-big dialog. */
  maxFileSize?: number | null;
  /** Uploads a file (the upload endpoint); without it the file is previewed locally. */
  upload?: (file: File) => Promise<ImageUpload>;
  /** The delete endpoint: DELETE when it matches /api/asset/{id}/preview, otherwise the api gets file_id null. */
  deleteApi?: string | null;
  /** The asset behind the image: the edit action opens its publishing screen. */
  assetId?: number | null;
  ratios?: readonly CropRatio[];
  readonly?: boolean;
  onSaved?: (value: ImageValue) => void;
}

const EMPTY_IMAGE = (ratio: CropRatio): ImageValue => ({ url: null, crop: null, ratio, id: null, file_id: null, payload: null });

/**
 * Image with cropper: upload, crop (original, 16:9, 4:3, square, free; clamped to the natural
 * size, floored at 0, saved against the reference width 800), save; replace reopens the file chooser; delete
 * resets to the placeholder; a too big file is refused. A failed save resets the form.
 */
export function ImageSetting({
  name,
  label,
  value,
  api,
  method,
  maxFileSize,
  upload,
  deleteApi,
  assetId,
  ratios = CROP_RATIOS,
  readonly,
  onSaved,
}: ImageSettingProps) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const fileRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const setting = useSetting<ImageValue>({
    name,
    value,
    api,
    method,
    mode: 'direct',
    readonly,
    serialise: (v) => imageSaveFields(name, v),
    onSaved: (v) => onSaved?.(v),
  });
  const [cropping, setCropping] = useState<ImageValue | null>(null);
  const [tooBig, setTooBig] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const save = async (next: ImageValue) => {
    setting.setDraft(next);
    const ok = await setting.commit('change');
    // A failed image save resets the form.
    if (!ok) setting.setDraft(setting.saved);
    return ok;
  };

  const onFiles = async (files: FileList | null) => {
    const file = files?.[0];
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    if (uploadTooBig([file], maxFileSize)) {
      setTooBig(true);
      return;
    }
    setUploadError(null);
    setUploading(true);
    try {
      const result: ImageUpload = upload
        ? await upload(file)
        : { generic_url: URL.createObjectURL(file), file_id: null, id: null, payload: null };
      setCropping({
        url: result.generic_url,
        crop: null,
        ratio: setting.saved.ratio ?? 'original',
        id: result.id,
        file_id: result.file_id,
        payload: result.payload ?? null,
        width: result.width,
        height: result.height,
      });
    } catch {
      setUploadError(t('toolkit.image.uploadFailed'));
    } finally {
      setUploading(false);
    }
  };

  const remove = async () => {
    const previous = setting.saved;
    const empty = EMPTY_IMAGE(previous.ratio ?? 'original');
    if (deleteApi && /^\/api\/asset\/\d+\/preview$/.test(deleteApi)) {
      try {
        await request(deleteApi, { method: 'DELETE' });
        setting.setDraft(empty);
        await setting.commit('change');
      } catch {
        setUploadError(t('toolkit.setting.saveFailed'));
      }
      return;
    }
    // Otherwise the setting's api gets file_id null.
    await save({ ...empty });
  };

  const current = setting.saved;
  return (
    <SettingFrame setting={setting} label={label}>
      <div className="image-setting">
        <div className="image-setting__preview">
          {current.url ? (
            <CroppedImage value={current} alt={t('toolkit.image.preview', { label })} />
          ) : (
            <div className="image-setting__placeholder">{t('toolkit.image.none')}</div>
          )}
        </div>
        {readonly ? null : (
          <div className="image-setting__actions">
            <input
              ref={fileRef}
              id={`${id}-file`}
              type="file"
              accept="image/*"
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(e) => void onFiles(e.target.files)}
            />
            <Button size="sm" onPress={() => fileRef.current?.click()} isPending={uploading}>
              {current.url ? t('toolkit.image.replace') : t('toolkit.image.upload')}
            </Button>
            {current.url ? (
              <>
                <Button size="sm" onPress={() => setCropping({ ...current })}>
                  {t('toolkit.image.crop')}
                </Button>
                {assetId ? (
                  <Button
                    size="sm"
                    onPress={() =>
                      navigate(
                        `/screens/${assetId}/publishing?callback_url=${encodeURIComponent(window.location.pathname + window.location.search)}`,
                      )
                    }
                  >
                    {t('toolkit.image.edit')}
                  </Button>
                ) : null}
                <Button size="sm" variant="ghost" className="button--danger-text" onPress={() => void remove()}>
                  {t('toolkit.image.delete')}
                </Button>
              </>
            ) : null}
          </div>
        )}
        {uploadError ? <Alert>{uploadError}</Alert> : null}
      </div>
      <AppDialog
        title={t('toolkit.image.cropTitle')}
        isOpen={cropping !== null}
        onOpenChange={(open) => !open && setCropping(null)}
        size="lg"
      >
        {cropping ? (
          <Cropper
            value={cropping}
            ratios={ratios}
            onCancel={() => setCropping(null)}
            onSave={async (next) => {
              const ok = await save(next);
              if (ok) setCropping(null);
            }}
            saving={setting.saving}
            error={setting.errors[name]}
          />
        ) : null}
      </AppDialog>
      <AppDialog title={t('toolkit.image.tooBigTitle')} isOpen={tooBig} onOpenChange={setTooBig} size="sm" role="alertdialog">
        <p>{t('toolkit.image.tooBigText', { size: formatBytes(maxFileSize ?? 0) })}</p>
        <DialogCloseActions>{t('common.done')}</DialogCloseActions>
      </AppDialog>
    </SettingFrame>
  );
}

/** The saved image shown with its crop: the cropped part as a background scaled to fill the frame. */
function CroppedImage({ value, alt }: { value: ImageValue; alt: string }) {
  const crop = value.crop;
  if (!crop || !value.width || !value.height) return <img className="image-setting__image" src={value.url ?? ''} alt={alt} />;
  const referenceHeight = (value.height * crop.reference_width) / value.width;
  const spanX = crop.reference_width - crop.width;
  const spanY = referenceHeight - crop.height;
  return (
    <div
      className="image-setting__image image-setting__image--cropped"
      role="img"
      aria-label={alt}
      style={{
        aspectRatio: `${crop.width} / ${Math.max(1, crop.height)}`,
        backgroundImage: `url("${(value.url ?? '').replace(/"/g, '%22')}")`,
        backgroundSize: `${(crop.reference_width / Math.max(1, crop.width)) * 100}% auto`,
        backgroundPosition: `${spanX > 0 ? (crop.x / spanX) * 100 : 0}% ${spanY > 0 ? (crop.y / spanY) * 100 : 0}%`,
      }}
    />
  );
}

function naturalOf(value: ImageValue): Size | null {
  return value.width && value.height ? { width: value.width, height: value.height } : null;
}

/**
 * The cropper: the image at up to the reference width 800 with a crop box that can be dragged (moved) and resized
 * from its corner, and the same box as numbers for the keyboard. Every change is constrained to the ratio and
 * clamped to the image.
 */
export function Cropper({
  value,
  ratios,
  onCancel,
  onSave,
  saving,
  error,
}: {
  value: ImageValue;
  ratios: readonly CropRatio[];
  onCancel: () => void;
  onSave: (value: ImageValue) => void | Promise<void>;
  saving?: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
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

  return (
    <div className="cropper">
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
        {box && natural ? (
          <div
            className="cropper__box"
            data-testid="crop-box"
            style={{
              left: `${(box.x / natural.width) * 100}%`,
              top: `${(box.y / natural.height) * 100}%`,
              width: `${(box.width / natural.width) * 100}%`,
              height: `${(box.height / natural.height) * 100}%`,
            }}
            onPointerDown={onPointerDown('move')}
          >
            <span className="cropper__handle" onPointerDown={onPointerDown('resize')} aria-hidden="true" />
          </div>
        ) : null}
      </div>
      <fieldset className="composite composite--four" disabled={!box}>
        <legend className="field__label">{t('toolkit.image.box.legend')}</legend>
        {field('x')}
        {field('y')}
        {field('width')}
        {field('height')}
      </fieldset>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog__actions">
        <Button onPress={onCancel}>{t('common.cancel')}</Button>
        <Button
          variant="primary"
          isDisabled={!box || !natural}
          isPending={saving}
          onPress={() => {
            if (!box || !natural) return;
            void onSave({ ...value, ratio, crop: cropToSave(box, natural), width: natural.width, height: natural.height });
          }}
        >
          {t('toolkit.image.save')}
        </Button>
      </div>
    </div>
  );
}
