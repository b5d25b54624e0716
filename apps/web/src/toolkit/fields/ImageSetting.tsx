import { CROP_RATIOS, type CropRatio } from '@emblem/core';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/api';
import { formatSize } from '../../lib/format';
import { Button } from '../../ui/Button';
import { AppDialog, DialogCloseActions } from '../../ui/Dialog';
import { Alert, LoadingState } from '../../ui/Feedback';
import { SettingFrame } from '../setting/Setting';
import type { SaveMethod } from '../setting/save';
import { useSetting } from '../setting/useSetting';
import { useToolkitWrite } from '../setting/useToolkitWrite';
import { CroppedImage } from './CroppedImage';
import type { ImageValue } from './imageValue';

/** The cropper loads when a crop dialog first opens. */
const Cropper = lazy(async () => ({ default: (await import('./Cropper')).Cropper }));

export type { ImageValue } from './imageValue';

/** An image setting's value. */

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
    // Only settings that offer fitting send it (their schema takes it).
    ...(value.fit ? { [`${name}_fit`]: value.fit } : {}),
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
  ratios?: readonly CropRatio[];
  /** Offer "Fit (pad)" besides cropping (a brand's avatar: a wide logo shows whole); saved as `{name}_fit`. */
  fits?: boolean;
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
  ratios = CROP_RATIOS,
  fits,
  readonly,
  onSaved,
}: ImageSettingProps) {
  const { t } = useTranslation();
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
  const [uploadError, setUploadError] = useState<string | null>(null);
  const uploadWrite = useToolkitWrite(setUploadError);
  const deleteWrite = useToolkitWrite(setUploadError);

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
    const result = await uploadWrite.run(
      async (): Promise<ImageUpload> =>
        upload ? await upload(file) : { generic_url: URL.createObjectURL(file), file_id: null, id: null, payload: null },
      () => t('toolkit.image.uploadFailed'),
    );
    if (result)
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
  };

  const remove = async () => {
    const previous = setting.saved;
    const empty = EMPTY_IMAGE(previous.ratio ?? 'original');
    if (deleteApi && /^\/api\/asset\/\d+\/preview$/.test(deleteApi)) {
      await deleteWrite.run(
        async () => {
          await request(deleteApi, { method: 'DELETE' });
          setting.setDraft(empty);
          await setting.commit('change');
        },
        () => t('toolkit.setting.saveFailed'),
      );
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
            <Button size="sm" onPress={() => fileRef.current?.click()} isPending={uploadWrite.busy}>
              {current.url ? t('toolkit.image.replace') : t('toolkit.image.upload')}
            </Button>
            {current.url ? (
              <>
                <Button size="sm" onPress={() => setCropping({ ...current })}>
                  {t('toolkit.image.crop')}
                </Button>
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
        title={fits ? t('toolkit.image.fitTitle') : t('toolkit.image.cropTitle')}
        isOpen={cropping !== null}
        onOpenChange={(open) => !open && setCropping(null)}
        size="lg"
      >
        {cropping ? (
          <Suspense fallback={<LoadingState label={t('loading.page')} />}>
            <Cropper
              value={cropping}
              ratios={ratios}
              fits={fits}
              onCancel={() => setCropping(null)}
              onSave={async (next) => {
                const ok = await save(next);
                if (ok) setCropping(null);
              }}
              saving={setting.saving}
              error={setting.errors[name]}
            />
          </Suspense>
        ) : null}
      </AppDialog>
      <AppDialog title={t('toolkit.image.tooBigTitle')} isOpen={tooBig} onOpenChange={setTooBig} size="sm" role="alertdialog">
        <p>{t('toolkit.image.tooBigText', { size: formatSize(maxFileSize ?? 0) })}</p>
        <DialogCloseActions>{t('common.done')}</DialogCloseActions>
      </AppDialog>
    </SettingFrame>
  );
}
