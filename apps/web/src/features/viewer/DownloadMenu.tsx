import { DOWNLOAD_PICK_FORMATS, downloadQuerySchema } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { downloader } from '../../lib/download';
import { formatSize } from '../../lib/format';
import { useFormErrors, zodFieldErrors } from '../../lib/forms';
import { Button } from '../../ui/Button';
import { AppDialog, FormDialogActions } from '../../ui/Dialog';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import type { Asset } from '../library/api';
import { useConsentGate } from '../licences/useConsentGate';
import { customSizesQuery } from '../projects/api';
import { assetDownloadUrl } from './api';

const FORMAT_LABELS: Record<(typeof DOWNLOAD_PICK_FORMATS)[number], string> = { jpeg: 'JPG', png: 'PNG', webp: 'WebP' };

/** What a custom size makes: "1080 × 1080 · crop · PNG". */
function sizeDetail(
  size: { width: number | null; height: number | null; format?: string; fit?: string },
  fits: { crop: string; pad: string },
) {
  const box = size.width && size.height ? `${size.width} × ${size.height}` : size.width ? `${size.width} px` : null;
  const fit = size.width && size.height ? (size.fit === 'pad' ? fits.pad : fits.crop) : null;
  return [box, fit, size.format?.toUpperCase()].filter(Boolean).join(' · ');
}

/**
 * Original, each of the project's custom sizes and, for images, a size and format of one's own. Everyone who
 * sees the asset may download it (VIEW on its project).
 */
export function DownloadMenu({ asset, projectId }: { asset: Asset; projectId: number }) {
  const { t } = useTranslation();
  const convertible = asset.type === 'Image' && asset.permissions.canView;
  const sizes = useQuery({ ...customSizesQuery(projectId), enabled: convertible });
  const [customOpen, setCustomOpen] = useState(false);
  const extension = (asset.extension ?? '').toUpperCase();
  const presets = convertible ? (sizes.data ?? []) : [];
  const fits = { crop: t('viewer.downloadSize.crop'), pad: t('viewer.downloadSize.pad') };
  // Usage consent (decision 0031): the terms first, then the download with the consent token.
  const { gate, dialog } = useConsentGate();
  const start = (options: Parameters<typeof assetDownloadUrl>[1] = {}) =>
    gate([asset], (consent) => downloader.start(assetDownloadUrl(asset.id, { ...options, ...(consent ? { consent } : {}) })));
  return (
    <>
      {dialog}
      <MenuTrigger>
        <Button size="sm" variant="primary">
          {t('viewer.download')} <span aria-hidden="true">▾</span>
        </Button>
        <Popover className="menu-popover" placement="bottom end">
          <Menu
            className="menu"
            onAction={(key) => {
              const name = String(key);
              if (name === 'custom') setCustomOpen(true);
              else if (name === 'original') start();
              else start({ size: name.slice('size:'.length) });
            }}
          >
            <MenuItem id="original" className="menu__item" textValue={t('viewer.original')}>
              <span>{t('viewer.original')}</span>
              <span className="menu__detail">{[extension, formatSize(asset.size)].filter(Boolean).join(' · ')}</span>
            </MenuItem>
            {presets.length > 0 ? <Separator className="menu__separator" /> : null}
            {presets.map((size) => (
              <MenuItem key={size.name} id={`size:${size.name}`} className="menu__item" textValue={size.name}>
                <span>{size.name}</span>
                <span className="menu__detail">{sizeDetail(size, fits)}</span>
              </MenuItem>
            ))}
            {convertible ? <Separator className="menu__separator" /> : null}
            {convertible ? (
              <MenuItem id="custom" className="menu__item" textValue={t('viewer.downloadSize.open')}>
                <span>{t('viewer.downloadSize.open')}</span>
              </MenuItem>
            ) : null}
          </Menu>
        </Popover>
      </MenuTrigger>
      {convertible ? <DownloadSizeDialog asset={asset} isOpen={customOpen} onOpenChange={setCustomOpen} start={start} /> : null}
    </>
  );
}

/**
 * Width, height (either left empty keeps the ratio), format and, with both sides, crop or pad; checked with the
 * server's own schema before the download starts, so a refused size is explained at its field.
 */
export function DownloadSizeDialog({
  asset,
  isOpen,
  onOpenChange,
  start,
}: {
  asset: Asset;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** Starts the download (through the usage-consent gate); without it, at once. */
  start?: (options: Parameters<typeof assetDownloadUrl>[1]) => void;
}) {
  const { t } = useTranslation();
  const own = (asset.extension ?? '').toLowerCase().replace(/^jpg$/, 'jpeg');
  const [width, setWidth] = useState('');
  const [height, setHeight] = useState('');
  const [format, setFormat] = useState<string>((DOWNLOAD_PICK_FORMATS as readonly string[]).includes(own) ? own : 'jpeg');
  const [fit, setFit] = useState('crop');
  const { errors, setErrors, fieldProps } = useFormErrors();
  const both = width.trim() !== '' && height.trim() !== '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = downloadQuerySchema.safeParse({ width: width.trim(), height: height.trim(), format, ...(both ? { fit } : {}) });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error), form);
      return;
    }
    const { width: w, height: h, format: f, fit: chosenFit } = parsed.data;
    const options = { width: w, height: h, format: f, fit: chosenFit };
    onOpenChange(false);
    if (start) start(options);
    else downloader.start(assetDownloadUrl(asset.id, options));
  };

  return (
    <AppDialog title={t('viewer.downloadSize.title')} isOpen={isOpen} onOpenChange={onOpenChange} size="sm">
      <Form className="form" onSubmit={submit} aria-label={t('viewer.downloadSize.title')}>
        <p className="dialog__text">{t('viewer.downloadSize.hint', { width: asset.width ?? '?', height: asset.height ?? '?' })}</p>
        <TextField label={t('viewer.downloadSize.width')} inputMode="numeric" {...fieldProps('width', width, setWidth)} />
        <TextField label={t('viewer.downloadSize.height')} inputMode="numeric" {...fieldProps('height', height, setHeight)} />
        <SelectField
          label={t('viewer.downloadSize.format')}
          name="format"
          options={DOWNLOAD_PICK_FORMATS.map((id) => ({ id, label: FORMAT_LABELS[id] }))}
          value={format}
          onChange={setFormat}
          errorMessage={errors.format}
        />
        {both ? (
          <SelectField
            label={t('viewer.downloadSize.fit')}
            name="fit"
            options={[
              { id: 'crop', label: t('viewer.downloadSize.crop') },
              { id: 'pad', label: t('viewer.downloadSize.pad') },
            ]}
            value={fit}
            onChange={setFit}
            errorMessage={errors.fit}
          />
        ) : null}
        {errors.size ? (
          <p className="field__error" role="alert">
            {errors.size}
          </p>
        ) : null}
        <FormDialogActions cancelLabel={t('viewer.downloadSize.cancel')} submitLabel={t('viewer.download')} submitting={false} />
      </Form>
    </AppDialog>
  );
}
