import { type AssetProjectType, createProjectBodySchema, LIBRARY_TYPES } from '@emblem/core';
import { type FormEvent, useState } from 'react';
import { FieldError, Form, Label, Radio, RadioGroup, Text } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { apiFieldErrors, useFormSubmit } from '../../lib/forms';
import { useAppNavigate } from '../../lib/navigation';
import { FormDialog, FormDialogActions } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import { TextField } from '../../ui/TextField';
import { useCreateProject } from './mutations';

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
  return (
    <FormDialog title={t('createProject.title')} isOpen={isOpen} onOpenChange={onOpenChange}>
      {(onBusyChange) => (
        <CreateProjectForm brandId={brandId} isAdmin={isAdmin} onDone={() => onOpenChange(false)} onSubmittingChange={onBusyChange} />
      )}
    </FormDialog>
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
  const create = useCreateProject(brandId);
  const navigate = useAppNavigate();
  const { formRef, errors, clearError, fieldProps, formError, submitting, submit } = useFormSubmit(onSubmittingChange);
  const types: CreatableProjectType[] = isAdmin ? [...LIBRARY_TYPES, 'WORKSPACE'] : ['WORKSPACE'];
  const [name, setName] = useState('');
  const [type, setType] = useState<CreatableProjectType>(types[0] ?? 'WORKSPACE');

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    submit(event, {
      schema: createProjectBodySchema,
      values: { name, brand: brandId, project_type: type },
      send: (data) => create.mutateAsync(data),
      done: (project) => {
        onDone();
        navigate(`/brands/${brandId}/projects/${project.id}`);
      },
      refused: (error) => {
        const fieldErrors = apiFieldErrors(error);
        const shown = {
          ...(fieldErrors.name ? { name: fieldErrors.name } : {}),
          ...(fieldErrors.project_type ? { project_type: fieldErrors.project_type } : {}),
        };
        return Object.keys(shown).length > 0 ? shown : errorMessage(error, t('createProject.failed'));
      },
    });

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
