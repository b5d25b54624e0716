import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api';
import { routeError, routeId } from '../../lib/guards';
import { Button } from '../../ui/Button';
import { AppDialog, ConfirmDialogActions } from '../../ui/Dialog';
import { Alert, EmptyState, LoadingState } from '../../ui/Feedback';
import { SelectField } from '../../ui/SelectField';
import { accountUsersQuery } from '../admin-users/api';
import { AddProjectGroups, ProjectGroupsList, useGroupsEnabled } from '../groups/ProjectGroupCollaborators';
import {
  type Collaborator,
  collaboratorKeys,
  collaboratorsQuery,
  PERMISSION_LEVELS,
  type PermissionLevel,
  type ProjectContext,
  projectQuery,
  removeCollaborator,
  setCollaborator,
} from './api';
import { PROJECT_SETTING_SECTIONS, ProjectGeneralSettings, ProjectSettingsNav } from './ProjectGeneralSettings';

/** The settings of a project that exist (routes-access-shell.md §2.3 settings/{setting}); others are not found. */
export const PROJECT_SETTINGS = PROJECT_SETTING_SECTIONS;

/**
 * …/settings/{setting}: the project itself is checked by the parent 'project' route; an unknown setting is 404.
 */
export function projectSettingsLoader() {
  return ({ params }: LoaderFunctionArgs): null => {
    if (!PROJECT_SETTINGS.includes(params.setting as (typeof PROJECT_SETTINGS)[number])) throw routeError(404);
    return null;
  };
}

/**
 * /brands/{brandId}/projects/{projectId}/settings/{setting}: general (name, dates, download sizes, blocked
 * extensions; ProjectGeneralSettings.tsx) and collaborators (who works in the project, at which level).
 */
export function ProjectSettingsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const projectId = routeId(params.projectId);
  const brandId = routeId(params.brandId);
  const project = useQuery(projectQuery(projectId));
  if (!project.data || project.data.id !== projectId) return <LoadingState label={t('projectSettings.loading')} />;
  const base = `/brands/${brandId}/projects/${projectId}`;
  if (params.setting === 'general') return <ProjectGeneralSettings key={projectId} project={project.data} base={base} />;
  return <CollaboratorsSettings key={projectId} project={project.data} base={`/brands/${brandId}/projects/${projectId}`} />;
}

type Notice = { tone: 'success' | 'error'; text: string } | null;

function displayName(person: { name: string | null; email: string }, unnamed: string): string {
  return person.name || person.email || unnamed;
}

function CollaboratorsSettings({ project, base }: { project: ProjectContext; base: string }) {
  const { t } = useTranslation();
  const canAdmin = project.permissions.canAdmin;
  const collaborators = useQuery(collaboratorsQuery(project.id));
  const people = collaborators.data?.users;
  const groups = collaborators.data?.groups ?? [];
  const groupsEnabled = useGroupsEnabled();
  const [notice, setNotice] = useState<Notice>(null);
  const [removing, setRemoving] = useState<Collaborator | null>(null);
  const levelOptions = PERMISSION_LEVELS.map((level) => ({ id: level, label: t(`projectSettings.collaborators.levels.${level}`) }));
  const title = t('projectSettings.collaborators.title');

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
          <p className="page-header__lead">{t('projectSettings.collaborators.intro')}</p>
        </div>
      </div>
      <ProjectSettingsNav base={base} current="collaborators" />

      {notice ? (
        <div className="dismissable-alert">
          <Alert tone={notice.tone}>{notice.text}</Alert>
          <Button size="sm" variant="ghost" onPress={() => setNotice(null)}>
            {t('common.dismiss')}
          </Button>
        </div>
      ) : null}
      {canAdmin ? null : <p className="muted">{t('projectSettings.collaborators.readOnly')}</p>}

      {collaborators.isPending ? <LoadingState label={t('projectSettings.collaborators.loading')} /> : null}
      {collaborators.isError ? (
        <Alert title={t('projectSettings.collaborators.loadFailed')}>
          <p>{errorMessage(collaborators.error, t('common.tryAgainLater'))}</p>
          <Button size="sm" onPress={() => void collaborators.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : null}
      {people?.length === 0 && groups.length === 0 ? (
        <EmptyState title={t('projectSettings.collaborators.emptyTitle')}>
          {canAdmin ? t('projectSettings.collaborators.emptyAdmin') : t('projectSettings.collaborators.emptyViewer')}
        </EmptyState>
      ) : null}
      {people && people.length > 0 ? (
        <table className="data-table">
          <caption className="visually-hidden">{t('projectSettings.collaborators.listLabel', { project: project.name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('projectSettings.collaborators.name')}</th>
              <th scope="col">{t('projectSettings.collaborators.email')}</th>
              <th scope="col">{t('projectSettings.collaborators.level')}</th>
              {canAdmin ? (
                <th scope="col">
                  <span className="visually-hidden">{t('projectSettings.collaborators.actions')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {people.map((person) => (
              <CollaboratorRow
                key={person.user_id}
                projectId={project.id}
                person={person}
                canAdmin={canAdmin}
                levelOptions={levelOptions}
                onNotice={setNotice}
                onRemove={() => setRemoving(person)}
              />
            ))}
          </tbody>
        </table>
      ) : null}
      <ProjectGroupsList project={project} groups={groups} onNotice={setNotice} />
      <p className="project-settings__admins">{t('projectSettings.collaborators.accountAdmins')}</p>

      {canAdmin ? (
        <AddCollaborator projectId={project.id} collaborators={people ?? []} levelOptions={levelOptions} onNotice={setNotice} />
      ) : null}
      {canAdmin && groupsEnabled && collaborators.data ? <AddProjectGroups project={project} groups={groups} onNotice={setNotice} /> : null}
      {removing ? (
        <RemoveCollaboratorDialog
          project={project}
          person={removing}
          onClose={() => setRemoving(null)}
          onRemoved={() =>
            setNotice({
              tone: 'success',
              text: t('projectSettings.collaborators.removed', { name: displayName(removing, t('projectSettings.collaborators.unnamed')) }),
            })
          }
        />
      ) : null}
    </div>
  );
}

function CollaboratorRow({
  projectId,
  person,
  canAdmin,
  levelOptions,
  onNotice,
  onRemove,
}: {
  projectId: number;
  person: Collaborator;
  canAdmin: boolean;
  levelOptions: { id: string; label: string }[];
  onNotice: (notice: Notice) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const name = displayName(person, t('projectSettings.collaborators.unnamed'));
  const change = useMutation({
    mutationFn: (level: PermissionLevel) => setCollaborator(projectId, person.user_id, level),
    onMutate: () => onNotice(null),
    onSuccess: async (_result, level) => {
      await queryClient.invalidateQueries({ queryKey: collaboratorKeys.ofProject(projectId) });
      onNotice({
        tone: 'success',
        text: t('projectSettings.collaborators.changed', { name, level: t(`projectSettings.collaborators.levels.${level}`) }),
      });
    },
    onError: (error) => onNotice({ tone: 'error', text: errorMessage(error, t('projectSettings.collaborators.changeFailed')) }),
  });
  const shown = change.isPending && change.variables ? change.variables : person.level;
  return (
    <tr>
      <td data-label={t('projectSettings.collaborators.name')}>
        <span className="user-cell">
          <span className="avatar avatar--sm" aria-hidden="true">
            {name.charAt(0).toUpperCase()}
          </span>
          <span>{name}</span>
        </span>
      </td>
      <td data-label={t('projectSettings.collaborators.email')} className="data-table__email">
        {person.email}
      </td>
      <td data-label={t('projectSettings.collaborators.level')}>
        {canAdmin ? (
          <SelectField
            label={t('projectSettings.collaborators.levelFor', { name })}
            hideLabel
            className="field--compact"
            options={levelOptions}
            value={shown}
            isDisabled={change.isPending}
            onChange={(value) => {
              if (value !== person.level) change.mutate(value as PermissionLevel);
            }}
          />
        ) : (
          t(`projectSettings.collaborators.levels.${person.level}`)
        )}
      </td>
      {canAdmin ? (
        <td className="data-table__actions">
          <Button
            size="sm"
            variant="ghost"
            className="button--danger-text"
            aria-label={t('projectSettings.collaborators.removeLabel', { name })}
            onPress={onRemove}
          >
            {t('projectSettings.collaborators.remove')}
          </Button>
        </td>
      ) : null}
    </tr>
  );
}

/**
 * Adds a member of the account. Only account admins may list the account's people (GET /api/account/users);
 * a project admin who is not one is told so, and the form is not shown.
 */
function AddCollaborator({
  projectId,
  collaborators,
  levelOptions,
  onNotice,
}: {
  projectId: number;
  collaborators: Collaborator[];
  levelOptions: { id: string; label: string }[];
  onNotice: (notice: Notice) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const members = useQuery(accountUsersQuery);
  const [userId, setUserId] = useState<string | null>(null);
  const [level, setLevel] = useState<PermissionLevel>('VIEW');
  const [missingPerson, setMissingPerson] = useState(false);
  const add = useMutation({
    mutationFn: (input: { userId: number; level: PermissionLevel }) => setCollaborator(projectId, input.userId, input.level),
    onMutate: () => onNotice(null),
    onSuccess: async (_result, input) => {
      const member = members.data?.find((m) => m.id === input.userId);
      await queryClient.invalidateQueries({ queryKey: collaboratorKeys.ofProject(projectId) });
      setUserId(null);
      onNotice({
        tone: 'success',
        text: t('projectSettings.collaborators.added', {
          name: member ? displayName(member, t('projectSettings.collaborators.unnamed')) : '',
          level: t(`projectSettings.collaborators.levels.${input.level}`),
        }),
      });
    },
  });

  const heading = (
    <h2 id="add-collaborator-heading" className="section-title">
      {t('projectSettings.collaborators.add')}
    </h2>
  );
  if (members.isPending) {
    return (
      <section aria-labelledby="add-collaborator-heading">
        {heading}
        <LoadingState label={t('projectSettings.collaborators.loading')} />
      </section>
    );
  }
  if (members.isError) {
    const forbidden = members.error instanceof ApiError && members.error.status === 403;
    return (
      <section aria-labelledby="add-collaborator-heading">
        {heading}
        {forbidden ? (
          <p className="muted">{t('projectSettings.collaborators.membersForbidden')}</p>
        ) : (
          <Alert title={t('projectSettings.collaborators.membersFailed')}>
            <p>{errorMessage(members.error, t('common.tryAgainLater'))}</p>
            <Button size="sm" onPress={() => void members.refetch()}>
              {t('common.retry')}
            </Button>
          </Alert>
        )}
      </section>
    );
  }

  const listed = new Set(collaborators.map((c) => c.user_id));
  const candidates = members.data
    .filter((m) => !listed.has(m.id))
    .map((m) => ({ id: String(m.id), label: displayName(m, t('projectSettings.collaborators.unnamed')) }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!userId) {
      setMissingPerson(true);
      return;
    }
    add.mutate({ userId: Number(userId), level });
  };

  return (
    <section aria-labelledby="add-collaborator-heading" className="project-settings__add">
      {heading}
      {candidates.length === 0 ? (
        <p className="muted">{t('projectSettings.collaborators.noneToAdd')}</p>
      ) : (
        <form className="project-settings__form" onSubmit={submit} noValidate>
          <SelectField
            label={t('projectSettings.collaborators.person')}
            placeholder={t('projectSettings.collaborators.choosePerson')}
            options={candidates}
            value={userId}
            onChange={(value) => {
              setUserId(value);
              setMissingPerson(false);
            }}
            errorMessage={missingPerson ? t('projectSettings.collaborators.choosePerson') : undefined}
          />
          <SelectField
            label={t('projectSettings.collaborators.addLevel')}
            options={levelOptions}
            value={level}
            onChange={(value) => setLevel(value as PermissionLevel)}
          />
          <Button type="submit" variant="primary" isPending={add.isPending}>
            {add.isPending ? t('projectSettings.collaborators.adding') : t('projectSettings.collaborators.addButton')}
          </Button>
        </form>
      )}
      {add.isError ? <Alert>{errorMessage(add.error, t('projectSettings.collaborators.addFailed'))}</Alert> : null}
    </section>
  );
}

/** DELETE /api/project/{id}/user/{userId} after a confirmation. */
function RemoveCollaboratorDialog({
  project,
  person,
  onClose,
  onRemoved,
}: {
  project: ProjectContext;
  person: Collaborator;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const name = displayName(person, t('projectSettings.collaborators.unnamed'));
  const remove = useMutation({
    mutationFn: () => removeCollaborator(project.id, person.user_id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: collaboratorKeys.ofProject(project.id) });
      onRemoved();
      onClose();
    },
  });
  return (
    <AppDialog
      title={t('projectSettings.collaborators.removeTitle', { name })}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
      isDismissable={!remove.isPending}
      size="sm"
    >
      <p>{t('projectSettings.collaborators.removeText', { name, project: project.name })}</p>
      {remove.isError ? <Alert>{errorMessage(remove.error, t('projectSettings.collaborators.removeFailed'))}</Alert> : null}
      <ConfirmDialogActions
        cancelLabel={t('common.cancel')}
        confirmLabel={remove.isPending ? t('projectSettings.collaborators.removing') : t('projectSettings.collaborators.removeConfirm')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </AppDialog>
  );
}
