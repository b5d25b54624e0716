import { updateBrandBodySchema } from '@emblem/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../lib/navigation';
import { useSignedInSession } from '../../lib/session';
import { avatarImageOptions } from '../../lib/settingImages';
import { ImageSetting, type SaveReply, SettingsGroup, TextSetting } from '../../toolkit';
import { Button } from '../../ui/Button';
import { AppDialog, ConfirmDialogActions } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import { type Brand, brandKeys, brandQuery } from './api';
import { useDeleteBrand } from './mutations';

/**
 * The brand's settings tab (/brands/{brandId}/settings, account admins): its details, the settings of its name, slug
 * and avatar, and, at the end of the page, deleting it.
 */
export function BrandSettingsTab({ brand }: { brand: Brand }) {
  const { t, i18n } = useTranslation();
  const created = new Date(brand.created_at);
  return (
    <div className="brand-about">
      <section className="panel" aria-labelledby="brand-details-heading">
        <h2 id="brand-details-heading" className="panel__title">
          {t('brand.details')}
        </h2>
        <dl className="details">
          <div>
            <dt>{t('brand.name')}</dt>
            <dd>{brand.name}</dd>
          </div>
          <div>
            <dt>{t('brand.slug')}</dt>
            <dd>
              <code>{brand.slug}</code>
            </dd>
          </div>
          <div>
            <dt>{t('brand.created')}</dt>
            <dd>{Number.isNaN(created.getTime()) ? '—' : created.toLocaleDateString(i18n.language, { dateStyle: 'long' })}</dd>
          </div>
          <div>
            <dt>{t('brand.favourite')}</dt>
            <dd>{brand.is_favourite ? t('common.yes') : t('common.no')}</dd>
          </div>
        </dl>
      </section>
      {brand.permissions.canEdit ? <BrandSettings key={brand.id} brand={brand} /> : null}
      {brand.permissions.canDelete ? <DeleteBrand brand={brand} /> : null}
    </div>
  );
}

/**
 * Name, slug and avatar as settings of the toolkit (issue 4): each saves on its own with PATCH /api/brand/{id};
 * a taken slug (409) is shown at the slug; the avatar is an uploaded image fitted (padded) or cropped to a square.
 */
function BrandSettings({ brand }: { brand: Brand }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const api = `/api/brand/${brand.id}`;
  const onSaved = (_value: string, reply: SaveReply) => {
    if (reply.data) queryClient.setQueryData(brandQuery(brand.id).queryKey, reply.data as Brand);
    void queryClient.invalidateQueries({ queryKey: brandKeys.list() });
  };

  return (
    <section className="panel" aria-labelledby="brand-settings-heading">
      <h2 id="brand-settings-heading" className="panel__title">
        {t('brand.settings')}
      </h2>
      <SettingsGroup>
        <TextSetting
          name="name"
          label={t('brand.name')}
          value={brand.name}
          api={api}
          method="PATCH"
          rules={{ required: true, maxlength: 120 }}
          maxLength={120}
          onSaved={onSaved}
        />
        <TextSetting
          name="slug"
          label={t('brand.slug')}
          description={t('brand.slugHint')}
          value={brand.slug}
          api={api}
          method="PATCH"
          rules={{ required: true, maxlength: 60 }}
          maxLength={60}
          // The shared schema's rule; the message is ours to translate.
          validate={(slug) => (updateBrandBodySchema.safeParse({ slug }).success ? null : { slug: t('brand.slugInvalid') })}
          onSaved={onSaved}
        />
        <ImageSetting
          name="avatar"
          label={t('brand.avatar')}
          {...avatarImageOptions(brand.avatar)}
          // A wide logo is padded to a square whole (the server renders it), or cropped to a square.
          fits
          api={api}
          method="PATCH"
          // The answer is not handed to image settings: the brand (heading, lists) is asked again.
          onSaved={() => {
            void queryClient.invalidateQueries({ queryKey: brandKeys.detail(brand.id) });
            void queryClient.invalidateQueries({ queryKey: brandKeys.list() });
          }}
        />
        <p className="settings-note">{t('brand.avatarHint')}</p>
      </SettingsGroup>
    </section>
  );
}

function DeleteBrand({ brand }: { brand: Brand }) {
  const { t } = useTranslation();
  const session = useSignedInSession();
  const navigate = useAppNavigate();
  const [open, setOpen] = useState(false);
  const remove = useDeleteBrand(brand);
  // Still busy once deleted, until the dashboard replaces this page.
  const deleting = remove.isPending || remove.isSuccess;
  const failure = remove.failure;

  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        navigate('/', { replace: true });
      },
    });

  return (
    <section className="panel brand-about__danger" aria-labelledby="brand-delete-heading">
      <h2 id="brand-delete-heading" className="panel__title">
        {t('brand.deleteHeading')}
      </h2>
      <p className="panel__text">{t('brand.deleteText')}</p>
      <Button variant="danger" onPress={() => setOpen(true)}>
        {t('brand.delete')}
      </Button>
      <AppDialog
        title={t('brand.deleteConfirmTitle', { brand: brand.name })}
        isOpen={open}
        onOpenChange={(value) => {
          setOpen(value);
          if (!value) remove.clearFailure();
        }}
        role="alertdialog"
        isDismissable={!deleting}
        size="sm"
      >
        <p>{t('brand.deleteConfirmText', { account: session.account.name })}</p>
        {failure ? <Alert>{failure}</Alert> : null}
        <ConfirmDialogActions
          cancelLabel={t('common.cancel')}
          confirmLabel={deleting ? t('brand.deleting') : t('brand.deleteConfirm')}
          busy={deleting}
          onConfirm={confirm}
        />
      </AppDialog>
    </section>
  );
}
