import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api';
import { useSignedInSession } from '../../lib/session';
import { UserGroupAddDialog } from '../../toolkit';
import { Button } from '../../ui/Button';
import { Alert, LoadFailedAlert } from '../../ui/Feedback';
import { SelectField } from '../../ui/SelectField';
import {
  collaboratorKeys,
  type PermissionLevel,
  type ProjectContext,
  type ProjectGroup,
  removeProjectGroup,
  setProjectGroup,
} from '../projects/api';
import {
  AddCollaboratorsSection,
  CollaboratorRow,
  CollaboratorTable,
  type NoticeHandler,
  RemoveCollaboratorDialog,
  useLevelName,
  useLevelOptions,
} from '../projects/CollaboratorParts';
import { groupsQuery } from './api';
import './groups.css';

/** The groups part of a project's collaborators screen: the project, its groups, where outcomes are told. */
interface ProjectGroupsProps {
  project: ProjectContext;
  groups: ProjectGroup[];
  onNotice: NoticeHandler;
}

/** Whether the account has user groups switched on (adding groups and changing their level need it). */
export function useGroupsEnabled(): boolean {
  return useSignedInSession().account.feature_flags.includes('USER_GROUPS');
}

/**
 * The groups that collaborate on a project: name, members, access. Project admins change the access (with the
 * USER_GROUPS flag) and remove a group after a confirmation; without the flag the grants still apply, so they
 * stay listed and removable.
 */
export function ProjectGroupsList({ project, groups, onNotice }: ProjectGroupsProps) {
  const { t } = useTranslation();
  const groupsEnabled = useGroupsEnabled();
  const canAdmin = project.permissions.canAdmin;
  const [removing, setRemoving] = useState<ProjectGroup | null>(null);
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="project-groups-heading" className="project-groups">
      <h2 id="project-groups-heading" className="section-title">
        {t('projectGroups.title')}
      </h2>
      <CollaboratorTable
        caption={t('projectGroups.listLabel', { project: project.name })}
        columns={[t('projectGroups.name'), t('projectGroups.members')]}
        canAdmin={canAdmin}
      >
        {groups.map((group) => (
          <CollaboratorRow
            key={group.id}
            projectId={project.id}
            nameColumn={t('projectGroups.name')}
            name={group.name}
            cells={<td data-label={t('projectGroups.members')}>{t('projectGroups.memberCount', { count: group.member_count })}</td>}
            level={group.level}
            canChange={canAdmin && groupsEnabled}
            canAdmin={canAdmin}
            levelLabel={t('projectGroups.levelFor', { name: group.name })}
            removeLabel={t('projectGroups.removeLabel', { name: group.name })}
            saveLevel={(level) => setProjectGroup(project.id, group.id, level)}
            changedText={(level) => t('projectGroups.changed', { name: group.name, level })}
            onNotice={onNotice}
            onRemove={() => setRemoving(group)}
          />
        ))}
      </CollaboratorTable>
      {removing ? (
        <RemoveCollaboratorDialog
          projectId={project.id}
          title={t('projectGroups.removeTitle', { name: removing.name })}
          text={t('projectGroups.removeText', { name: removing.name, project: project.name })}
          confirmLabel={t('projectGroups.removeConfirm')}
          failedText={t('projectGroups.removeFailed')}
          remove={() => removeProjectGroup(project.id, removing.id)}
          onClose={() => setRemoving(null)}
          onRemoved={() => onNotice({ tone: 'success', text: t('projectGroups.removed', { name: removing.name }) })}
        />
      ) : null}
    </section>
  );
}

/**
 * Adds groups of the account with one access level: the level, then the toolkit's user/group add dialog showing
 * only its groups tab (GET /api/groups/list; every member of the account may list them). Only with USER_GROUPS.
 */
export function AddProjectGroups({ project, groups, onNotice }: ProjectGroupsProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useSignedInSession();
  const levelName = useLevelName();
  const levelOptions = useLevelOptions();
  const accountGroups = useQuery(groupsQuery);
  const [level, setLevel] = useState<PermissionLevel>('VIEW');
  const [dialogOpen, setDialogOpen] = useState(false);
  const add = useMutation({
    mutationFn: async (input: { ids: number[]; level: PermissionLevel }) => {
      // One PUT per group; a failure stops there and the list shows what was added.
      for (const id of input.ids) await setProjectGroup(project.id, id, input.level);
    },
    onMutate: () => onNotice(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collaboratorKeys.ofProject(project.id) }),
    onSuccess: (_result, input) => {
      const names = (accountGroups.data ?? []).filter((g) => input.ids.includes(g.id)).map((g) => g.name);
      onNotice({
        tone: 'success',
        text: t('projectGroups.added', {
          count: input.ids.length,
          name: names[0] ?? '',
          level: levelName(input.level),
        }),
      });
    },
  });

  return (
    <AddCollaboratorsSection
      id="add-group-heading"
      title={t('projectGroups.add')}
      query={accountGroups}
      loadingLabel={t('projectGroups.loading')}
      failed={(error) => (
        <LoadFailedAlert
          title={t('projectGroups.loadFailed')}
          error={error}
          onRetry={error instanceof ApiError && error.status === 403 ? undefined : () => void accountGroups.refetch()}
        />
      )}
    >
      {(available) => {
        const listed = new Set(groups.map((g) => g.id));
        const candidates = available.filter((g) => !listed.has(g.id));
        return (
          <>
            {available.length === 0 ? (
              <p className="muted">
                {session.account.is_admin ? (
                  <>
                    {t('projectGroups.noGroupsAdmin')} <Link to="/admin/groups">{t('projectGroups.manageGroups')}</Link>
                  </>
                ) : (
                  t('projectGroups.noGroups')
                )}
              </p>
            ) : candidates.length === 0 ? (
              <p className="muted">{t('projectGroups.noneToAdd')}</p>
            ) : (
              <div className="project-settings__form">
                <SelectField
                  label={t('projectGroups.addLevel')}
                  options={levelOptions}
                  value={level}
                  onChange={(value) => setLevel(value as PermissionLevel)}
                />
                <Button variant="primary" onPress={() => setDialogOpen(true)} isPending={add.isPending}>
                  {add.isPending ? t('projectSettings.collaborators.adding') : t('projectGroups.choose')}
                </Button>
              </div>
            )}
            {add.isError ? <Alert>{errorMessage(add.error, t('projectGroups.addFailed'))}</Alert> : null}
            <UserGroupAddDialog
              isOpen={dialogOpen}
              onOpenChange={setDialogOpen}
              title={t('projectGroups.dialogTitle', { level: levelName(level) })}
              users={[]}
              groups={candidates}
              currentAccountId={session.account.id}
              showUsers={false}
              onSubmit={(selection) => {
                if (selection.groups.length > 0) add.mutate({ ids: selection.groups, level });
              }}
            />
          </>
        );
      }}
    </AddCollaboratorsSection>
  );
}
