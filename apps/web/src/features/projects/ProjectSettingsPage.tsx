import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api';
import { routeError, routeId } from '../../lib/guards';
import { Button } from '../../ui/Button';
import { Alert, DismissableAlert, EmptyState, LoadFailedAlert, LoadingState, type Notice } from '../../ui/Feedback';
import { SelectField } from '../../ui/SelectField';
import { accountUsersQuery } from '../admin-users/api';
import { AddProjectGroups, ProjectGroupsList, useGroupsEnabled } from '../groups/ProjectGroupCollaborators';
import {
  type Collaborator,
  collaboratorKeys,
  collaboratorsQuery,
  type PermissionLevel,
  type ProjectContext,
  projectQuery,
  removeCollaborator,
  setCollaborator,
} from './api';
import {
  AddCollaboratorsSection,
  CollaboratorRow,
  CollaboratorTable,
  type NoticeHandler,
  RemoveCollaboratorDialog,
  useLevelName,
  useLevelOptions,
} from './CollaboratorParts';
import { PROJECT_SETTING_SECTIONS, ProjectGeneralSettings, ProjectSettingsLayout } from './ProjectGeneralSettings';

/** The settings of a project that exist (…/settings/{setting}); any other setting is not found. */
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
  return <CollaboratorsSettings key={projectId} project={project.data} base={base} />;
}

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
  const [notice, setNotice] = useState<Notice | null>(null);
  const [removing, setRemoving] = useState<Collaborator | null>(null);
  const unnamed = t('projectSettings.collaborators.unnamed');
  const removingName = removing ? displayName(removing, unnamed) : '';

  return (
    <ProjectSettingsLayout project={project} base={base} current="collaborators">
      {notice ? (
        <DismissableAlert tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </DismissableAlert>
      ) : null}
      {canAdmin ? null : <p className="muted">{t('projectSettings.collaborators.readOnly')}</p>}

      {collaborators.isPending ? <LoadingState label={t('projectSettings.collaborators.loading')} /> : null}
      {collaborators.isError ? (
        <LoadFailedAlert
          title={t('projectSettings.collaborators.loadFailed')}
          error={collaborators.error}
          onRetry={() => void collaborators.refetch()}
        />
      ) : null}
      {people?.length === 0 && groups.length === 0 ? (
        <EmptyState title={t('projectSettings.collaborators.emptyTitle')}>
          {canAdmin ? t('projectSettings.collaborators.emptyAdmin') : t('projectSettings.collaborators.emptyViewer')}
        </EmptyState>
      ) : null}
      {people && people.length > 0 ? (
        <CollaboratorTable
          caption={t('projectSettings.collaborators.listLabel', { project: project.name })}
          columns={[t('projectSettings.collaborators.name'), t('projectSettings.collaborators.email')]}
          canAdmin={canAdmin}
        >
          {people.map((person) => {
            const name = displayName(person, unnamed);
            return (
              <CollaboratorRow
                key={person.user_id}
                projectId={project.id}
                nameColumn={t('projectSettings.collaborators.name')}
                name={name}
                cells={
                  <td data-label={t('projectSettings.collaborators.email')} className="data-table__email">
                    {person.email}
                  </td>
                }
                level={person.level}
                canChange={canAdmin}
                canAdmin={canAdmin}
                levelLabel={t('projectSettings.collaborators.levelFor', { name })}
                removeLabel={t('projectSettings.collaborators.removeLabel', { name })}
                saveLevel={(level) => setCollaborator(project.id, person.user_id, level)}
                changedText={(level) => t('projectSettings.collaborators.changed', { name, level })}
                onNotice={setNotice}
                onRemove={() => setRemoving(person)}
              />
            );
          })}
        </CollaboratorTable>
      ) : null}
      <ProjectGroupsList project={project} groups={groups} onNotice={setNotice} />
      <p className="project-settings__admins">{t('projectSettings.collaborators.accountAdmins')}</p>

      {canAdmin ? <AddCollaborator projectId={project.id} collaborators={people ?? []} onNotice={setNotice} /> : null}
      {canAdmin && groupsEnabled && collaborators.data ? <AddProjectGroups project={project} groups={groups} onNotice={setNotice} /> : null}
      {removing ? (
        <RemoveCollaboratorDialog
          projectId={project.id}
          title={t('projectSettings.collaborators.removeTitle', { name: removingName })}
          text={t('projectSettings.collaborators.removeText', { name: removingName, project: project.name })}
          confirmLabel={t('projectSettings.collaborators.removeConfirm')}
          failedText={t('projectSettings.collaborators.removeFailed')}
          remove={() => removeCollaborator(project.id, removing.user_id)}
          onClose={() => setRemoving(null)}
          onRemoved={() => setNotice({ tone: 'success', text: t('projectSettings.collaborators.removed', { name: removingName }) })}
        />
      ) : null}
    </ProjectSettingsLayout>
  );
}

/**
 * Adds a member of the account. Only account admins may list the account's people (GET /api/account/users);
 * a project admin who is not one is told so, and the form is not shown.
 */
function AddCollaborator({
  projectId,
  collaborators,
  onNotice,
}: {
  projectId: number;
  collaborators: Collaborator[];
  onNotice: NoticeHandler;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const levelName = useLevelName();
  const levelOptions = useLevelOptions();
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
          level: levelName(input.level),
        }),
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!userId) {
      setMissingPerson(true);
      return;
    }
    add.mutate({ userId: Number(userId), level });
  };

  return (
    <AddCollaboratorsSection
      id="add-collaborator-heading"
      title={t('projectSettings.collaborators.add')}
      query={members}
      loadingLabel={t('projectSettings.collaborators.loading')}
      failed={(error) =>
        error instanceof ApiError && error.status === 403 ? (
          <p className="muted">{t('projectSettings.collaborators.membersForbidden')}</p>
        ) : (
          <LoadFailedAlert title={t('projectSettings.collaborators.membersFailed')} error={error} onRetry={() => void members.refetch()} />
        )
      }
    >
      {(accountMembers) => {
        const listed = new Set(collaborators.map((c) => c.user_id));
        const candidates = accountMembers
          .filter((m) => !listed.has(m.id))
          .map((m) => ({ id: String(m.id), label: displayName(m, t('projectSettings.collaborators.unnamed')) }));
        return (
          <>
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
          </>
        );
      }}
    </AddCollaboratorsSection>
  );
}
