import {
  DOWNLOAD_SIZE_FITS,
  DOWNLOAD_SIZE_FORMATS,
  DOWNLOAD_SIZE_NAME_MAX,
  downloadSizeFit,
  MAX_DOWNLOAD_SIZE_DIMENSION,
} from '@emblem/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateSetting, type ListEntry, type ListEntryField, ListSetting, SettingsGroup, TextSetting } from '../../toolkit';
import { PanelSection } from '../../ui/Panel';
import { accountQuery } from '../account-settings/api';
import { BlockedExtensionsSetting } from '../account-settings/BlockedExtensionsSetting';
import { type ProjectContext, projectKeys } from './api';

/** The settings sections of a project, in their order; the first is where "Settings" leads. */
export const PROJECT_SETTING_SECTIONS = ['general', 'collaborators'] as const;
export type ProjectSettingSection = (typeof PROJECT_SETTING_SECTIONS)[number];

/** The tab list of …/settings/{setting}: links, so every section has its own address. */
export function ProjectSettingsNav({ base, current }: { base: string; current: ProjectSettingSection }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('projectSettings.sections')} className="project-settings__nav">
      <ul>
        {PROJECT_SETTING_SECTIONS.map((section) => (
          <li key={section}>
            <Link to={`${base}/settings/${section}`} aria-current={section === current ? 'page' : undefined}>
              {t(`projectSettings.${section}.title`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The frame of every …/settings/{setting} screen: the way back to the project, the heading and the section tabs. */
export function ProjectSettingsLayout({
  project,
  base,
  current,
  children,
}: {
  project: ProjectContext;
  base: string;
  current: ProjectSettingSection;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const title = t(`projectSettings.${current}.title`);
  return (
    <div className="page project-settings">
      <title>{t('page.title', { title: `${title} · ${project.name}` })}</title>
      <Link className="project-settings__back" to={base}>
        <span aria-hidden="true">←</span> {t('projectSettings.back', { project: project.name })}
      </Link>
      <div className="page-header">
        <div>
          <p className="muted">{t('projectSettings.title')}</p>
          <h1>{title}</h1>
          <p className="page-header__lead">
            {/* Only workspace projects have dates: a library's intro does not mention them. */}
            {current === 'general' && project.project_type === 'WORKSPACE'
              ? t('projectSettings.general.introWorkspace')
              : t(`projectSettings.${current}.intro`)}
          </p>
        </div>
      </div>
      <ProjectSettingsNav base={base} current={current} />
      {children}
    </div>
  );
}

/** The stored date of an ISO timestamp (the server keeps dates as UTC midnight). */
const dateOf = (iso: string | null) => (iso ? iso.slice(0, 10) : null);

const sizeEntry = (size: NonNullable<ProjectContext['download_custom_sizes']>[number]): ListEntry => ({
  id: size.name,
  label: size.name,
  value: size.name,
  width: size.width,
  height: size.height,
  format: size.format,
  fit: downloadSizeFit(size),
});

/**
 * …/settings/general (issue 4): name, description, the dates of a workspace project, its custom download
 * sizes and its own blocked extensions, built from the settings toolkit. Saving needs ADMIN on the project; others
 * see the values read-only.
 */
export function ProjectGeneralSettings({ project, base }: { project: ProjectContext; base: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const readonly = !project.permissions.canAdmin;
  const api = `/api/project/${project.id}`;
  /** Where every setting of the project saves, and whether it may. */
  const saves = { api, method: 'PATCH' as const, readonly };
  const onSaved = (_value: unknown, reply: { data?: unknown }) => {
    if (reply.data) queryClient.setQueryData(projectKeys.detail(project.id), reply.data as ProjectContext);
    void queryClient.invalidateQueries({ queryKey: projectKeys.ofBrand(project.brand_id) });
  };
  const savedDate = (field: 'begins_at' | 'ends_at') => (value: string | null) =>
    queryClient.setQueryData<ProjectContext>(projectKeys.detail(project.id), (old) =>
      old ? { ...old, [field]: value ? `${value}T00:00:00.000Z` : null } : old,
    );
  const begin = dateOf(project.begins_at);
  const sizeFields: ListEntryField[] = [
    {
      key: 'width',
      label: t('projectSettings.general.width'),
      type: 'number',
      rules: { required: true, digits: true, min: 1, max: MAX_DOWNLOAD_SIZE_DIMENSION },
    },
    {
      key: 'height',
      label: t('projectSettings.general.height'),
      type: 'number',
      placeholder: t('projectSettings.general.heightAuto'),
      rules: { digits: true, min: 1, max: MAX_DOWNLOAD_SIZE_DIMENSION },
    },
    {
      key: 'format',
      label: t('projectSettings.general.format'),
      type: 'select',
      options: DOWNLOAD_SIZE_FORMATS.map((f) => ({ value: f, label: t(`projectSettings.general.formats.${f}`) })),
    },
    {
      key: 'fit',
      label: t('projectSettings.general.fit'),
      type: 'select',
      options: DOWNLOAD_SIZE_FITS.map((f) => ({ value: f, label: t(`projectSettings.general.fits.${f}`) })),
    },
  ];

  return (
    <ProjectSettingsLayout project={project} base={base} current="general">
      {readonly ? <p className="muted">{t('projectSettings.general.readOnly')}</p> : null}

      <SettingsGroup>
        <PanelSection id="project-details" className="settings-section" title={t('projectSettings.general.details')}>
          <TextSetting
            name="name"
            label={t('projectSettings.general.name')}
            value={project.name}
            {...saves}
            rules={{ required: true, maxlength: 120 }}
            maxLength={120}
            onSaved={onSaved}
          />
          <TextSetting
            name="description"
            label={t('projectSettings.general.description')}
            value={project.description ?? ''}
            {...saves}
            multiline
            rows={3}
            rules={{ maxlength: 2000 }}
            maxLength={2000}
            onSaved={onSaved}
          />
        </PanelSection>

        {project.project_type === 'WORKSPACE' ? (
          <PanelSection id="project-dates" className="settings-section" title={t('projectSettings.general.dates')}>
            <DateSetting
              name="date_begin"
              label={t('projectSettings.general.begin')}
              value={begin}
              {...saves}
              noMinDate
              onSaved={savedDate('begins_at')}
            />
            <DateSetting
              name="date_end"
              label={t('projectSettings.general.end')}
              description={t('projectSettings.general.endHint')}
              value={dateOf(project.ends_at)}
              {...saves}
              minDate={begin}
              noMinDate={!begin}
              onSaved={savedDate('ends_at')}
            />
          </PanelSection>
        ) : null}

        <PanelSection id="project-downloads" className="settings-section" title={t('projectSettings.general.downloads')}>
          <ListSetting
            name="size"
            label={t('projectSettings.general.sizes')}
            description={t('projectSettings.general.sizesHint')}
            addLabel={t('projectSettings.general.addSize')}
            api={`${api}/download-custom-sizes`}
            readonly={readonly}
            value={(project.download_custom_sizes ?? []).map(sizeEntry)}
            fields={sizeFields}
            labelField={{ label: t('projectSettings.general.sizeName'), rules: { maxlength: DOWNLOAD_SIZE_NAME_MAX } }}
            renderEntry={(entry) => <SizeSummary entry={entry} />}
            onChange={() => {
              void queryClient.invalidateQueries({ queryKey: projectKeys.customSizes(project.id) });
              void queryClient.invalidateQueries({ queryKey: projectKeys.detail(project.id) });
            }}
          />
        </PanelSection>

        <PanelSection id="project-uploads" className="settings-section" title={t('projectSettings.general.uploads')}>
          <BlockedExtensionsSetting
            label={t('projectSettings.general.blockedExtensions')}
            description={t('projectSettings.general.blockedExtensionsHint')}
            addLabel={t('projectSettings.general.addExtension')}
            api={`${api}/blocked-extensions`}
            readonly={readonly}
            extensions={project.blocked_extensions ?? []}
          />
          <AccountBlocked />
        </PanelSection>
      </SettingsGroup>
    </ProjectSettingsLayout>
  );
}

function SizeSummary({ entry }: { entry: ListEntry }) {
  const { t } = useTranslation();
  const height = typeof entry.height === 'number' ? entry.height : null;
  const format = typeof entry.format === 'string' ? entry.format : '';
  return (
    <span className="size-summary">
      <strong>{entry.label}</strong>{' '}
      <span className="muted">
        {height
          ? t('projectSettings.general.sizeBox', { width: entry.width, height })
          : t('projectSettings.general.sizeWidth', { width: entry.width })}
        {height ? ` · ${t(entry.fit === 'pad' ? 'projectSettings.general.fits.pad' : 'projectSettings.general.fits.crop')}` : ''}
        {format ? ` · ${t(`projectSettings.general.formats.${format}`, { defaultValue: format.toUpperCase() })}` : ''}
      </span>
    </span>
  );
}

/** The account's own list applies here too; shown so nobody adds what is blocked already. */
function AccountBlocked() {
  const { t } = useTranslation();
  const account = useQuery(accountQuery);
  const list = account.data?.blocked_extensions ?? [];
  if (list.length === 0) return null;
  return <p className="settings-note">{t('projectSettings.general.accountBlocked', { list: list.map((e) => `.${e}`).join(', ') })}</p>;
}
