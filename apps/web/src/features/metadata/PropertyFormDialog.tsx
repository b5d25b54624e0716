import { CUSTOM_METADATA_TYPES, type CustomMetadataType, isSelectType } from '@emblem/core';
import { type FormEvent, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { Checkbox } from '../../ui/Checkbox';
import { AppDialog, FormDialogActions } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { LibrariesEditor, PermissionsEditor } from './AccessEditors';
import type { MetadataProperty } from './api';
import { DependencyEditor } from './DependencyEditor';
import { useCreateProperty, useUpdateProperty } from './mutations';
import { OptionsEditor } from './OptionsEditor';
import {
  checkForm,
  createBody,
  defaultValueProblem,
  emptyForm,
  type FormProblems,
  formOf,
  type PropertyFormState,
  updateBody,
} from './propertyForm';
import { ValueInput } from './ValueInput';
import { toDraft } from './values';

/** The server's field messages, the first of each field. */
function serverProblems(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(error.errors).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]]] : [])));
}

/** Fields the form shows messages at; a field message of the server outside them becomes the form's alert. */
const PLACES = [/^name$/, /^type$/, /^help_text$/, /^unit$/, /^default_value$/, /^options/, /^dependency/, /^project_ids/, /^permissions/];

/**
 * Create or edit a property (decision 0040): name, type (fixed once created), help text, required, searchable,
 * viewable, the type's default value, a URL's "open in a new tab", a NUMBER's unit, the options of the choice types,
 * the dependency, the libraries that use it and who may fill it in or manage it. The form checks what it can; the
 * server's refusals show at their fields.
 */
export function PropertyFormDialog({
  brandId,
  property,
  brandProperties,
  isOpen,
  onOpenChange,
  onSaved,
}: {
  brandId: number;
  /** Present: edit it; absent: create a property. */
  property?: MetadataProperty;
  /** Every property of the brand (for the dependency). */
  brandProperties: readonly MetadataProperty[];
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (saved: MetadataProperty, created: boolean) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateProperty(brandId);
  const update = useUpdateProperty(brandId);
  const busy = create.busy || update.busy;
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<PropertyFormState>(() => (property ? formOf(property) : emptyForm()));
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<{ fields: Record<string, string>; general: string | null }>({ fields: {}, general: null });
  const patch = (change: Partial<PropertyFormState>) => setForm((current) => ({ ...current, ...change }));

  const problems: FormProblems = submitted ? checkForm(form) : {};
  const defaultProblem = submitted ? defaultValueProblem(form) : null;
  const message = (field: string): string | undefined => {
    const key = problems[field];
    return key ? t(key as never) : server.fields[field];
  };
  const firstServer = (prefix: string) => Object.entries(server.fields).find(([field]) => field.startsWith(prefix))?.[1];
  const rowMessages = (prefix: string): Record<string, string> =>
    Object.fromEntries(
      Object.entries({ ...server.fields, ...Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, t(v as never)])) }).flatMap(
        ([field, text]) => {
          const match = new RegExp(`^${prefix.replace(/\./g, '\\.')}\\.(\\d+)`).exec(field);
          return match ? [[match[1], text]] : [];
        },
      ),
    );
  const optionErrors = rowMessages('options');
  const basicErrors = rowMessages('permissions.basic');
  const customErrors = rowMessages('permissions.custom');

  const focusFirstProblem = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input, [data-invalid] button')?.focus(),
    );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setServer({ fields: {}, general: null });
    if (Object.keys(checkForm(form)).length > 0 || defaultValueProblem(form)) {
      focusFirstProblem();
      return;
    }
    try {
      const saved = property
        ? await update.mutateAsync({ id: property.id, body: updateBody(form) })
        : await create.mutateAsync(createBody(form));
      onSaved(saved, !property);
      onOpenChange(false);
    } catch (error) {
      const fields = serverProblems(error);
      const placed = Object.keys(fields).some((field) => PLACES.some((place) => place.test(field)));
      const general =
        placed && error instanceof ApiError && error.status === 400
          ? t('metadata.form.fixErrors')
          : (Object.entries(fields).find(([field]) => !PLACES.some((place) => place.test(field)))?.[1] ??
            (error instanceof ApiError ? error.error : undefined) ??
            t('metadata.form.saveFailed'));
      setServer({ fields, general });
      focusFirstProblem();
    }
  };

  const select = isSelectType(form.type);
  const forbidden = property?.forbidden_dependee_property_ids ?? [];
  const others = brandProperties.filter((p) => p.id !== property?.id);

  return (
    <AppDialog
      title={property ? t('metadata.form.editTitle', { name: property.name }) : t('metadata.form.createTitle')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!busy}
      size="lg"
    >
      <Form ref={formRef} className="form metadata-form" onSubmit={(e) => void onSubmit(e)} validationBehavior="aria">
        {server.general ? <Alert>{server.general}</Alert> : null}
        <div className="metadata-form__grid">
          <TextField
            label={t('metadata.form.name')}
            value={form.name}
            onChange={(name) => patch({ name })}
            errorMessage={message('name')}
            isRequired
            autoFocus
            isDisabled={busy}
          />
          <SelectField
            label={t('metadata.form.type')}
            options={CUSTOM_METADATA_TYPES.map((type) => ({ id: type, label: t(`metadata.types.${type}`) }))}
            value={form.type}
            onChange={(type) =>
              patch({ type: type as CustomMetadataType, default_draft: toDraft({ type: type as CustomMetadataType }, null) })
            }
            isDisabled={busy || Boolean(property)}
            description={property ? t('metadata.form.typeFixed') : undefined}
            errorMessage={message('type')}
          />
        </div>
        <TextField
          label={t('metadata.form.helpText')}
          description={t('metadata.form.helpTextHint')}
          multiline
          rows={2}
          value={form.help_text}
          onChange={(help_text) => patch({ help_text })}
          errorMessage={message('help_text')}
          isDisabled={busy}
        />
        <div className="metadata-form__switches">
          <Checkbox
            isSelected={form.is_required}
            onChange={(is_required) => patch({ is_required })}
            description={t('metadata.form.requiredHint')}
            isDisabled={busy}
          >
            {t('metadata.form.required')}
          </Checkbox>
          <Checkbox
            isSelected={form.is_searchable}
            onChange={(is_searchable) => patch({ is_searchable })}
            description={t('metadata.form.searchableHint')}
            isDisabled={busy}
          >
            {t('metadata.form.searchable')}
          </Checkbox>
          <Checkbox
            isSelected={form.is_viewable}
            onChange={(is_viewable) => patch({ is_viewable })}
            description={t('metadata.form.viewableHint')}
            isDisabled={busy}
          >
            {t('metadata.form.viewable')}
          </Checkbox>
          {form.type === 'URL' ? (
            <Checkbox
              isSelected={form.should_be_opened_in_a_new_tab}
              onChange={(should_be_opened_in_a_new_tab) => patch({ should_be_opened_in_a_new_tab })}
              isDisabled={busy}
            >
              {t('metadata.form.newTab')}
            </Checkbox>
          ) : null}
        </div>
        {form.type === 'NUMBER' ? (
          <TextField
            className="metadata-form__unit"
            label={t('metadata.form.unit')}
            description={t('metadata.form.unitHint')}
            value={form.unit}
            onChange={(unit) => patch({ unit })}
            errorMessage={message('unit')}
            isDisabled={busy}
          />
        ) : null}
        {select ? (
          <OptionsEditor
            options={form.options}
            single={form.type === 'SELECT'}
            onChange={(options) => patch({ options })}
            errors={optionErrors}
            error={message('options') ?? (Object.keys(optionErrors).length > 0 ? undefined : firstServer('options'))}
            isDisabled={busy}
          />
        ) : (
          <ValueInput
            key={form.type}
            property={{
              type: form.type,
              name: t('metadata.form.defaultValue'),
              help_text: t('metadata.form.defaultHint'),
              unit: form.unit || null,
              options: [],
            }}
            draft={form.default_draft}
            onChange={(default_draft) => patch({ default_draft })}
            errorMessage={defaultProblem ?? server.fields.default_value}
            isDisabled={busy}
          />
        )}
        <DependencyEditor
          properties={others}
          forbidden={forbidden}
          propertyId={form.dependency_property_id}
          optionIds={form.dependency_option_ids}
          onChange={(dependency_property_id, dependency_option_ids) => patch({ dependency_property_id, dependency_option_ids })}
          error={message('dependency') ?? firstServer('dependency')}
          isDisabled={busy}
        />
        <LibrariesEditor
          brandId={brandId}
          all={form.all_libraries}
          projectIds={form.project_ids}
          onChange={(all_libraries, project_ids) => patch({ all_libraries, project_ids })}
          error={message('project_ids') ?? firstServer('project_ids')}
          isDisabled={busy}
        />
        <PermissionsEditor
          basic={form.basic}
          custom={form.custom}
          onChange={(basic, custom) => patch({ basic, custom })}
          errors={{
            ...Object.fromEntries(Object.entries(basicErrors).map(([i, m]) => [`basic.${i}`, m])),
            ...Object.fromEntries(Object.entries(customErrors).map(([i, m]) => [`custom.${i}`, m])),
          }}
          error={Object.keys(basicErrors).length + Object.keys(customErrors).length === 0 ? firstServer('permissions') : undefined}
          isDisabled={busy}
        />
        <FormDialogActions
          cancelLabel={t('metadata.cancel')}
          submitLabel={property ? t('metadata.form.save') : t('metadata.form.create')}
          submitting={busy}
        />
      </Form>
    </AppDialog>
  );
}
