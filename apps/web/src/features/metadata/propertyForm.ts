import {
  type CreateMetadataPropertyBody,
  type CustomMetadataType,
  isSelectType,
  type MetadataPermissionLevel,
  type SubjectGroup,
  type UpdateMetadataPropertyBody,
} from '@emblem/core';
import type { MetadataProperty } from './api';
import { type Draft, fromDraft, isEmptyDraft, toDraft } from './values';

/**
 * The property form's state and how it becomes a create or update body (decision 0040). Options carry a local key
 * (existing ones their id too) so rows keep their identity while renamed, reordered or removed.
 */

export interface OptionRow {
  key: string;
  id?: number;
  value: string;
  is_default: boolean;
}

export interface BasicRow {
  key: string;
  subject: SubjectGroup;
  level: MetadataPermissionLevel;
}

export interface CustomRow {
  key: string;
  /** `user:7` or `group:3`; '' until chosen. */
  subject: string;
  name: string;
  level: MetadataPermissionLevel;
}

export interface PropertyFormState {
  name: string;
  type: CustomMetadataType;
  help_text: string;
  is_required: boolean;
  is_searchable: boolean;
  is_viewable: boolean;
  /** The default value of a non-choice type (choices mark default options instead). */
  default_draft: Draft;
  should_be_opened_in_a_new_tab: boolean;
  unit: string;
  options: OptionRow[];
  dependency_property_id: number | null;
  dependency_option_ids: number[];
  all_libraries: boolean;
  project_ids: number[];
  basic: BasicRow[];
  custom: CustomRow[];
}

let counter = 0;
/** A key for a new row of the form. */
export function rowKey(): string {
  counter += 1;
  return `new-${counter}`;
}

export function emptyForm(): PropertyFormState {
  return {
    name: '',
    type: 'TEXT',
    help_text: '',
    is_required: false,
    is_searchable: true,
    is_viewable: true,
    default_draft: '',
    should_be_opened_in_a_new_tab: true,
    unit: '',
    options: [],
    dependency_property_id: null,
    dependency_option_ids: [],
    all_libraries: true,
    project_ids: [],
    basic: [],
    custom: [],
  };
}

export function formOf(property: MetadataProperty): PropertyFormState {
  return {
    name: property.name,
    type: property.type,
    help_text: property.help_text,
    is_required: property.is_required,
    is_searchable: property.is_searchable,
    is_viewable: property.is_viewable,
    default_draft: isSelectType(property.type) ? null : toDraft(property, property.default_value),
    should_be_opened_in_a_new_tab: property.should_be_opened_in_a_new_tab,
    unit: property.unit ?? '',
    options: property.options.map((o) => ({ key: `option-${o.id}`, id: o.id, value: o.value, is_default: o.is_default })),
    dependency_property_id: property.dependency?.property_id ?? null,
    dependency_option_ids: property.dependency?.property_option_ids ?? [],
    all_libraries: property.project_ids.length === 0,
    project_ids: property.project_ids,
    basic: property.permissions.basic.map((b, i) => ({ key: `basic-${i}`, ...b })),
    custom: property.permissions.custom.map((c, i) => ({
      key: `custom-${i}`,
      subject: c.user_id !== null ? `user:${c.user_id}` : `group:${c.group_id}`,
      name: c.name,
      level: c.level,
    })),
  };
}

/** Problems found before sending, by field (`name`, `options`, `options.2.value`, `dependency`, `project_ids`…) as message keys. */
export type FormProblems = Record<string, string>;

/** The checks the form makes itself; the server checks all of them again (and more). Values are i18n keys. */
export function checkForm(form: PropertyFormState): FormProblems {
  const problems: FormProblems = {};
  if (form.name.trim() === '') problems.name = 'metadata.form.nameRequired';
  if (isSelectType(form.type)) {
    if (form.options.length === 0) problems.options = 'metadata.form.optionsRequired';
    const seen = new Map<string, number>();
    form.options.forEach((o, i) => {
      const value = o.value.replace(/\s+/g, ' ').trim().toLowerCase();
      if (value === '') problems[`options.${i}.value`] = 'metadata.form.optionRequired';
      else if (seen.has(value)) problems[`options.${i}.value`] = 'metadata.form.optionDuplicate';
      else seen.set(value, i);
    });
    if (form.type === 'SELECT' && form.options.filter((o) => o.is_default).length > 1) problems.options = 'metadata.form.oneDefault';
  }
  if (form.dependency_property_id !== null && form.dependency_option_ids.length === 0)
    problems.dependency = 'metadata.form.dependencyOptionsRequired';
  if (!form.all_libraries && form.project_ids.length === 0) problems.project_ids = 'metadata.form.librariesRequired';
  const subjects = form.custom.map((c) => c.subject);
  form.custom.forEach((c, i) => {
    if (c.subject === '') problems[`permissions.custom.${i}`] = 'metadata.form.pickSubject';
    else if (subjects.indexOf(c.subject) !== i) problems[`permissions.custom.${i}`] = 'metadata.form.duplicateSubject';
  });
  const basics = form.basic.map((b) => b.subject);
  form.basic.forEach((b, i) => {
    if (basics.indexOf(b.subject) !== i) problems[`permissions.basic.${i}`] = 'metadata.form.duplicateSubject';
  });
  return problems;
}

/** The default value's problem in the rules' words (checked apart, since it depends on the type's input). */
export function defaultValueProblem(form: PropertyFormState): string | null {
  if (isSelectType(form.type) || isEmptyDraft(form.default_draft)) return null;
  const checked = fromDraft({ type: form.type, options: [] }, form.default_draft);
  return 'error' in checked ? checked.error : null;
}

function defaultValueOf(form: PropertyFormState) {
  if (isSelectType(form.type)) return undefined;
  const checked = fromDraft({ type: form.type, options: [] }, form.default_draft);
  return 'error' in checked ? undefined : checked.value;
}

function permissionsOf(form: PropertyFormState) {
  return {
    basic: form.basic.map(({ subject, level }) => ({ subject, level })),
    custom: form.custom.map(({ subject, level }) => {
      const [kind, id] = subject.split(':');
      return kind === 'user' ? { user_id: Number(id), level } : { group_id: Number(id), level };
    }),
  };
}

/** The fields both bodies share, typed as the create body wants them. */
function sharedFields(form: PropertyFormState) {
  const select = isSelectType(form.type);
  return {
    name: form.name.trim(),
    help_text: form.help_text.trim(),
    is_required: form.is_required,
    is_searchable: form.is_searchable,
    is_viewable: form.is_viewable,
    default_value: defaultValueOf(form) ?? null,
    should_be_opened_in_a_new_tab: form.type === 'URL' ? form.should_be_opened_in_a_new_tab : false,
    unit: form.type === 'NUMBER' && form.unit.trim() !== '' ? form.unit.trim() : null,
    options: select
      ? form.options.map((o) => ({ ...(o.id !== undefined ? { id: o.id } : {}), value: o.value, is_default: o.is_default }))
      : [],
    dependency:
      form.dependency_property_id === null
        ? null
        : { property_id: form.dependency_property_id, type: 'IS_ONE_OF' as const, property_option_ids: form.dependency_option_ids },
    project_ids: form.all_libraries ? [] : form.project_ids,
    permissions: permissionsOf(form),
  };
}

export function createBody(form: PropertyFormState): CreateMetadataPropertyBody {
  const fields = sharedFields(form);
  // Choice types take their defaults from the options: no default_value at all.
  const { default_value, ...rest } = fields;
  return { ...rest, ...(isSelectType(form.type) ? {} : { default_value }), type: form.type };
}

export function updateBody(form: PropertyFormState): UpdateMetadataPropertyBody {
  const { default_value, ...rest } = sharedFields(form);
  return { ...rest, ...(isSelectType(form.type) ? {} : { default_value }) };
}
