import { sameId, updateBrandBodySchema } from '@emblem/core';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { requireBrand, requireUser, routeId } from '../../lib/guards';
import { useAppNavigate } from '../../lib/navigation';
import { useSignedInSession } from '../../lib/session';
import { avatarImageOptions } from '../../lib/settingImages';
import { ImageSetting, type SaveReply, SettingsGroup, TextSetting } from '../../toolkit';
import { Button } from '../../ui/Button';
import { AppDialog, ConfirmDialogActions } from '../../ui/Dialog';
import { Alert, LoadingState } from '../../ui/Feedback';
import { ProjectsSection } from '../projects/ProjectsSection';
import { type Brand, brandKeys, brandQuery } from './api';
import { BrandAvatar } from './BrandAvatar';
import { useDeleteBrand } from './mutations';

/** /brands/{brandId}: signed in, and the brand exists (404) and is visible to the user (403). */
export function brandLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    await requireUser(queryClient);
    return requireBrand(queryClient, params.brandId);
  };
}

export function BrandPage() {
  const { t, i18n } = useTranslation();
  const { brandId } = useParams();
  const id = routeId(brandId);
  const brand = useQuery(brandQuery(id));
  const session = useSignedInSession();

  // The loader filled the cache; while the cached brand is another one (ids compared as numbers), wait.
  if (!brand.data || !sameId(brandId, brand.data.id)) return <LoadingState label={t('brand.loading')} />;
  const data = brand.data;
  const created = new Date(data.created_at);

  return (
    <div className="page">
      <title>{t('page.title', { title: data.name })}</title>
      <div className="page-header">
        <div className="brand-heading">
          <BrandAvatar brand={data} size="lg" />
          <div>
            <h1>{data.name}</h1>
            <p className="page-header__lead">
              <span className="visually-hidden">{t('brand.slug')}: </span>
              <code>{data.slug}</code>
            </p>
          </div>
        </div>
        <Link className="button" to={`/brands/${data.id}/guidelines`}>
          {t('brand.guidelines')}
        </Link>
      </div>

      <ProjectsSection brandId={data.id} isAdmin={session.account.is_admin} />

      {/* The brand's own details and settings stay below the work, compact: rename, slug and delete. */}
      <section className="panel brand-about" aria-labelledby="brand-details-heading">
        <h2 id="brand-details-heading" className="panel__title">
          {t('brand.details')}
        </h2>
        <dl className="details">
          <div>
            <dt>{t('brand.name')}</dt>
            <dd>{data.name}</dd>
          </div>
          <div>
            <dt>{t('brand.slug')}</dt>
            <dd>
              <code>{data.slug}</code>
            </dd>
          </div>
          <div>
            <dt>{t('brand.created')}</dt>
            <dd>{Number.isNaN(created.getTime()) ? '—' : created.toLocaleDateString(i18n.language, { dateStyle: 'long' })}</dd>
          </div>
          <div>
            <dt>{t('brand.favourite')}</dt>
            <dd>{data.is_favourite ? t('common.yes') : t('common.no')}</dd>
          </div>
        </dl>
        {data.permissions.canEdit ? <BrandSettings key={data.id} brand={data} /> : null}
        {data.permissions.canDelete ? <DeleteBrand brand={data} /> : null}
      </section>
    </div>
  );
}

/**
 * Name, slug and avatar as settings of the toolkit (issue 4): each saves on its own with PATCH /api/brand/{id};
 * a taken slug (409) is shown at the slug; the avatar is a square crop of an uploaded image.
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
    <section className="brand-about__part" aria-labelledby="brand-settings-heading">
      <h3 id="brand-settings-heading" className="brand-about__title">
        {t('brand.settings')}
      </h3>
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
    <section className="brand-about__part brand-about__part--danger" aria-labelledby="brand-delete-heading">
      <h3 id="brand-delete-heading" className="brand-about__title">
        {t('brand.deleteHeading')}
      </h3>
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
