import { type AssetProjectType, createProjectBodySchema, LIBRARY_TYPES } from '@emblem/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { FieldError, Form, Label, Radio, RadioGroup, Text } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { apiFieldErrors, useFormErrors, zodFieldErrors } from '../../lib/forms';
import { useAppNavigate } from '../../lib/navigation';
import { AppDialog, FormDialogActions } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import { createProject, projectKeys, projectQuery } from './api';

type CreatableProjectType = AssetProjectType;

export interface CreateProjectDialogProps {
  brandId: number;
  /** Account admins may create libraries; everyone may create workspace projects. */
  isAdmin: boolean;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}

/** POST /api/project/add/: a library (admins) or a workspace project; opens it on success. */
export function CreateProjectDialog({ brandId, isAdmin, isOpen, onOpenChange }: CreateProjectDialogProps) {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);
  return (
    <AppDialog title={t('createProject.title')} isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={!submitting}>
      <CreateProjectForm brandId={brandId} isAdmin={isAdmin} onDone={() => onOpenChange(false)} onSubmittingChange={setSubmitting} />
    </AppDialog>
  );
}

function CreateProjectForm({
  brandId,
  isAdmin,
  onDone,
  onSubmittingChange,
}: {
  brandId: number;
  isAdmin: boolean;
  onDone: () => void;
  onSubmittingChange: (value: boolean) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useAppNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, setErrors, clearError, fieldProps } = useFormErrors();
  const types: CreatableProjectType[] = isAdmin ? [...LIBRARY_TYPES, 'WORKSPACE'] : ['WORKSPACE'];
  const [name, setName] = useState('');
  const [type, setType] = useState<CreatableProjectType>(types[0] ?? 'WORKSPACE');
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const setBusy = (value: boolean) => {
    setSubmitting(value);
    onSubmittingChange(value);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = createProjectBodySchema.safeParse({ name, brand: brandId, project_type: type });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error), formRef.current);
      return;
    }
    setBusy(true);
    try {
      const project = await createProject(parsed.data);
      queryClient.setQueryData(projectQuery(project.id).queryKey, project);
      await queryClient.invalidateQueries({ queryKey: projectKeys.ofBrand(brandId) });
      setBusy(false);
      onDone();
      navigate(`/brands/${brandId}/projects/${project.id}`);
    } catch (error) {
      setBusy(false);
      const fieldErrors = apiFieldErrors(error);
      const shown = {
        ...(fieldErrors.name ? { name: fieldErrors.name } : {}),
        ...(fieldErrors.project_type ? { project_type: fieldErrors.project_type } : {}),
      };
      if (Object.keys(shown).length > 0) setErrors(shown, formRef.current);
      else setFormError(errorMessage(error, t('createProject.failed')));
    }
  };

  return (
    <Form ref={formRef} className="form" onSubmit={(e) => void onSubmit(e)} validationBehavior="aria">
      {formError ? <Alert>{formError}</Alert> : null}
      <TextField label={t('createProject.name')} {...fieldProps('name', name, setName)} isRequired autoFocus />
      {types.length > 1 ? (
        <RadioGroup
          className="field type-choice"
          value={type}
          onChange={(value) => {
            setType(value as CreatableProjectType);
            clearError('project_type');
          }}
          isInvalid={Boolean(errors.project_type)}
          validationBehavior="aria"
          name="project_type"
        >
          <Label className="field__label">{t('createProject.type')}</Label>
          <div className="type-choice__options">
            {types.map((value) => (
              <Radio key={value} value={value} className="type-choice__option">
                <span className="type-choice__dot" aria-hidden="true" />
                <span className="type-choice__text">
                  <span className="type-choice__label">{t(`projectTypes.${value}`)}</span>
                  <span className="type-choice__hint">{t(`createProject.typeHint.${value}`)}</span>
                </span>
              </Radio>
            ))}
          </div>
          <FieldError className="field__error">{errors.project_type}</FieldError>
        </RadioGroup>
      ) : (
        <Text className="field__description">{t('createProject.workspaceOnly')}</Text>
      )}
      <FormDialogActions
        cancelLabel={t('common.cancel')}
        submitLabel={submitting ? t('createProject.submitting') : t('createProject.submit')}
        submitting={submitting}
      />
    </Form>
  );
}
