import { METADATA_PERMISSION_LEVELS, type MetadataPermissionLevel, SUBJECT_GROUPS, type SubjectGroup } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, CheckboxGroup, FieldError, Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Alert, LoadFailedAlert } from '../../ui/Feedback';
import { SelectField } from '../../ui/SelectField';
import { accountUsersQuery } from '../admin-users/api';
import { groupsQuery } from '../groups/api';
import { brandProjectsQuery } from '../projects/api';
import { type BasicRow, type CustomRow, rowKey } from './propertyForm';

/** The libraries that use a property: every library of the brand, or those chosen. */
export function LibrariesEditor({
  brandId,
  all,
  projectIds,
  onChange,
  error,
  isDisabled,
}: {
  brandId: number;
  all: boolean;
  projectIds: number[];
  onChange: (all: boolean, projectIds: number[]) => void;
  error?: string;
  isDisabled?: boolean;
}) {
  const { t } = useTranslation();
  const projects = useQuery({ ...brandProjectsQuery(brandId), enabled: !all || projectIds.length > 0 });
  const libraries = (projects.data ?? []).filter((p) => p.project_type !== 'STYLEGUIDE');
  return (
    <fieldset className="metadata-form__group">
      <legend className="metadata-form__legend">{t('metadata.form.libraries')}</legend>
      <RadioGroup
        className="metadata-radio-group"
        value={all ? 'all' : 'chosen'}
        onChange={(value) => onChange(value === 'all', projectIds)}
        isDisabled={isDisabled}
        aria-label={t('metadata.form.libraries')}
      >
        {(['all', 'chosen'] as const).map((value) => (
          <Radio key={value} value={value} className="metadata-radio">
            <span className="metadata-radio__circle" aria-hidden="true" />
            {t(value === 'all' ? 'metadata.form.librariesAll' : 'metadata.form.librariesChosen')}
          </Radio>
        ))}
      </RadioGroup>
      {all ? null : projects.isPending ? (
        <p className="metadata-form__empty">{t('metadata.loading')}</p>
      ) : projects.isError ? (
        <LoadFailedAlert title={t('metadata.form.librariesFailed')} error={projects.error} onRetry={() => void projects.refetch()} />
      ) : libraries.length === 0 ? (
        <p className="metadata-form__empty">{t('metadata.form.librariesEmpty')}</p>
      ) : (
        <CheckboxGroup
          className="field"
          value={projectIds.map(String)}
          onChange={(keys) => onChange(false, keys.map(Number))}
          isInvalid={Boolean(error)}
          isDisabled={isDisabled}
          validationBehavior="aria"
        >
          <Label className="field__label">{t('metadata.form.librariesPick')}</Label>
          <div className="metadata-multiselect__options">
            {libraries.map((project) => (
              <Checkbox key={project.id} value={String(project.id)} className="checkbox">
                {({ isSelected }) => (
                  <>
                    <span className="checkbox__box" aria-hidden="true">
                      {isSelected ? '✓' : ''}
                    </span>
                    <span className="checkbox__label">{project.name}</span>
                  </>
                )}
              </Checkbox>
            ))}
          </div>
          <FieldError className="field__error">{error}</FieldError>
        </CheckboxGroup>
      )}
    </fieldset>
  );
}

/**
 * Who may fill in values (EDIT) or also manage the property (ADMIN): rows for groups of people (account admins,
 * editors of the library, everyone who sees it, members who are not guests) and rows for a person or a user group.
 */
export function PermissionsEditor({
  basic,
  custom,
  onChange,
  errors,
  error,
  isDisabled,
}: {
  basic: BasicRow[];
  custom: CustomRow[];
  onChange: (basic: BasicRow[], custom: CustomRow[]) => void;
  /** Messages by row: `basic.0`, `custom.2`. */
  errors: Record<string, string | undefined>;
  error?: string;
  isDisabled?: boolean;
}) {
  const { t } = useTranslation();
  const users = useQuery({ ...accountUsersQuery, retry: false });
  const groups = useQuery({ ...groupsQuery, retry: false });
  const levels = METADATA_PERMISSION_LEVELS.map((level) => ({ id: level, label: t(`metadata.form.levels.${level}`) }));
  const subjects = SUBJECT_GROUPS.map((subject) => ({ id: subject, label: t(`metadata.form.subjects.${subject}`) }));
  const people = [
    ...(users.data ?? []).map((u) => ({ id: `user:${u.id}`, label: t('metadata.form.userOption', { name: u.name || u.email }) })),
    ...(groups.data ?? []).map((g) => ({ id: `group:${g.id}`, label: t('metadata.form.groupOption', { name: g.name }) })),
  ];
  // Rows already saved stay choosable by their names even when the lists cannot be read.
  for (const row of custom) if (row.subject && !people.some((p) => p.id === row.subject)) people.push({ id: row.subject, label: row.name });
  const nameOf = (subject: string) => people.find((p) => p.id === subject)?.label ?? '';
  const setBasic = (index: number, patch: Partial<BasicRow>) =>
    onChange(
      basic.map((b, i) => (i === index ? { ...b, ...patch } : b)),
      custom,
    );
  const setCustom = (index: number, patch: Partial<CustomRow>) =>
    onChange(
      basic,
      custom.map((c, i) => (i === index ? { ...c, ...patch } : c)),
    );
  const unusedSubject = SUBJECT_GROUPS.find((s) => !basic.some((b) => b.subject === s));

  return (
    <fieldset className="metadata-form__group">
      <legend className="metadata-form__legend">{t('metadata.form.permissions')}</legend>
      <p className="field__description">{t('metadata.form.permissionsHint')}</p>
      <h3 className="metadata-form__subheading">{t('metadata.form.basic')}</h3>
      <ul className="metadata-permissions">
        {basic.map((row, index) => (
          <li key={row.key} className="metadata-permissions__row">
            <SelectField
              className="field--compact"
              label={t('metadata.form.rowSubject', { index: index + 1 })}
              options={subjects}
              value={row.subject}
              onChange={(subject) => setBasic(index, { subject: subject as SubjectGroup })}
              errorMessage={errors[`basic.${index}`]}
              isDisabled={isDisabled}
            />
            <SelectField
              className="field--compact"
              label={t('metadata.form.rowLevel', { index: index + 1 })}
              options={levels}
              value={row.level}
              onChange={(level) => setBasic(index, { level: level as MetadataPermissionLevel })}
              isDisabled={isDisabled}
            />
            <Button
              size="sm"
              variant="ghost"
              className="metadata-permissions__remove"
              aria-label={t('metadata.form.removeRow', { who: t(`metadata.form.subjects.${row.subject}`) })}
              isDisabled={isDisabled}
              onPress={() =>
                onChange(
                  basic.filter((_, i) => i !== index),
                  custom,
                )
              }
            >
              <span aria-hidden="true">×</span>
            </Button>
          </li>
        ))}
      </ul>
      {unusedSubject ? (
        <div>
          <Button
            size="sm"
            isDisabled={isDisabled}
            onPress={() => onChange([...basic, { key: rowKey(), subject: unusedSubject, level: 'EDIT' }], custom)}
          >
            {t('metadata.form.addBasic')}
          </Button>
        </div>
      ) : null}

      <h3 className="metadata-form__subheading">{t('metadata.form.custom')}</h3>
      {users.isError && groups.isError ? <Alert tone="warning">{t('metadata.form.peopleFailed')}</Alert> : null}
      <ul className="metadata-permissions">
        {custom.map((row, index) => (
          <li key={row.key} className="metadata-permissions__row">
            <SelectField
              className="field--compact"
              label={t('metadata.form.rowSubject', { index: index + 1 })}
              options={people}
              value={row.subject || null}
              placeholder={t('metadata.form.pickSubject')}
              onChange={(subject) => setCustom(index, { subject, name: nameOf(subject) })}
              errorMessage={errors[`custom.${index}`]}
              isDisabled={isDisabled}
            />
            <SelectField
              className="field--compact"
              label={t('metadata.form.rowLevel', { index: index + 1 })}
              options={levels}
              value={row.level}
              onChange={(level) => setCustom(index, { level: level as MetadataPermissionLevel })}
              isDisabled={isDisabled}
            />
            <Button
              size="sm"
              variant="ghost"
              className="metadata-permissions__remove"
              aria-label={t('metadata.form.removeRow', { who: row.name || t('metadata.form.rowSubject', { index: index + 1 }) })}
              isDisabled={isDisabled}
              onPress={() =>
                onChange(
                  basic,
                  custom.filter((_, i) => i !== index),
                )
              }
            >
              <span aria-hidden="true">×</span>
            </Button>
          </li>
        ))}
      </ul>
      <div>
        <Button
          size="sm"
          isDisabled={isDisabled}
          onPress={() => onChange(basic, [...custom, { key: rowKey(), subject: '', name: '', level: 'EDIT' }])}
        >
          {t('metadata.form.addCustom')}
        </Button>
      </div>
      {error ? <p className="field__error">{error}</p> : null}
    </fieldset>
  );
}
