import { sameId, updateBrandBodySchema } from '@emblem/core';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api';
import { apiFieldErrors, useFormErrors, zodFieldErrors } from '../../lib/forms';
import { requireBrand, requireUser, routeId } from '../../lib/guards';
import { useAppNavigate } from '../../lib/navigation';
import { useSignedInSession } from '../../lib/session';
import { Button } from '../../ui/Button';
import { AppDialog, ConfirmDialogActions } from '../../ui/Dialog';
import { Alert, LoadingState } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import { ProjectsSection } from '../projects/ProjectsSection';
import { type Brand, brandKeys, brandQuery, deleteBrand, updateBrand } from './api';
import { BrandAvatar } from './BrandAvatar';

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

function BrandSettings({ brand }: { brand: Brand }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, setErrors, clearError } = useFormErrors();
  const [name, setName] = useState(brand.name);
  const [slug, setSlug] = useState(brand.slug);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const changes = { ...(name.trim() !== brand.name ? { name } : {}), ...(slug.trim() !== brand.slug ? { slug } : {}) };
  const changed = Object.keys(changes).length > 0;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    setSaved(false);
    if (!changed) return;
    const parsed = updateBrandBodySchema.safeParse(changes);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error), formRef.current);
      return;
    }
    setSubmitting(true);
    try {
      const updated = await updateBrand(brand.id, parsed.data);
      queryClient.setQueryData(brandQuery(brand.id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: brandKeys.list() });
      setSaved(true);
    } catch (error) {
      const fieldErrors = apiFieldErrors(error);
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors, formRef.current);
      else if (error instanceof ApiError && error.status === 409 && error.error) {
        // A taken slug (or name) conflicts with another brand: show it at the field that changed.
        setErrors({ [parsed.data.slug !== undefined ? 'slug' : 'name']: error.error }, formRef.current);
      } else setFormError(errorMessage(error, t('brand.saveFailed')));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="brand-about__part" aria-labelledby="brand-settings-heading">
      <h3 id="brand-settings-heading" className="brand-about__title">
        {t('brand.settings')}
      </h3>
      {formError ? <Alert>{formError}</Alert> : null}
      {saved ? <Alert tone="success">{t('brand.saved')}</Alert> : null}
      <Form ref={formRef} className="form form--inline" onSubmit={(e) => void onSubmit(e)} validationBehavior="aria">
        <TextField
          label={t('brand.name')}
          name="name"
          isRequired
          value={name}
          onChange={(value) => {
            setName(value);
            setSaved(false);
            clearError('name');
          }}
          errorMessage={errors.name}
        />
        <TextField
          label={t('brand.slug')}
          name="slug"
          isRequired
          description={t('brand.slugHint')}
          value={slug}
          onChange={(value) => {
            setSlug(value);
            setSaved(false);
            clearError('slug');
          }}
          errorMessage={errors.slug}
        />
        <div className="form__actions">
          <Button type="submit" variant="primary" isDisabled={!changed} isPending={submitting}>
            {submitting ? t('brand.saving') : t('brand.save')}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function DeleteBrand({ brand }: { brand: Brand }) {
  const { t } = useTranslation();
  const session = useSignedInSession();
  const queryClient = useQueryClient();
  const navigate = useAppNavigate();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setDeleting(true);
    setFailure(null);
    try {
      await deleteBrand(brand.id);
      // Marked stale without refetching (the page is still mounted): going back to it asks the server again.
      await queryClient.invalidateQueries({ queryKey: brandKeys.detail(brand.id), refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: brandKeys.list() });
      setOpen(false);
      navigate('/', { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, t('brand.deleteFailed')));
      setDeleting(false);
    }
  };

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
          if (!value) setFailure(null);
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
          onConfirm={() => void confirm()}
        />
      </AppDialog>
    </section>
  );
}
