import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api';
import { useSignedInSession } from '../../lib/session';
import { UserGroupAddDialog } from '../../toolkit';
import { Button } from '../../ui/Button';
import { AppDialog, ConfirmDialogActions } from '../../ui/Dialog';
import { Alert, LoadingState } from '../../ui/Feedback';
import { SelectField } from '../../ui/SelectField';
import {
  collaboratorKeys,
  PERMISSION_LEVELS,
  type PermissionLevel,
  type ProjectContext,
  type ProjectGroup,
  removeProjectGroup,
  setProjectGroup,
} from '../projects/api';
import { groupsQuery } from './api';
import './groups.css';

export type GroupNotice = { tone: 'success' | 'error'; text: string } | null;

function useLevelOptions() {
  const { t } = useTranslation();
  return PERMISSION_LEVELS.map((level) => ({ id: level, label: t(`projectSettings.collaborators.levels.${level}`) }));
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
export function ProjectGroupsList({
  project,
  groups,
  onNotice,
}: {
  project: ProjectContext;
  groups: ProjectGroup[];
  onNotice: (notice: GroupNotice) => void;
}) {
  const { t } = useTranslation();
  const canAdmin = project.permissions.canAdmin;
  const [removing, setRemoving] = useState<ProjectGroup | null>(null);
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="project-groups-heading" className="project-groups">
      <h2 id="project-groups-heading" className="section-title">
        {t('projectGroups.title')}
      </h2>
      <table className="data-table">
        <caption className="visually-hidden">{t('projectGroups.listLabel', { project: project.name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('projectGroups.name')}</th>
            <th scope="col">{t('projectGroups.members')}</th>
            <th scope="col">{t('projectSettings.collaborators.level')}</th>
            {canAdmin ? (
              <th scope="col">
                <span className="visually-hidden">{t('projectSettings.collaborators.actions')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <GroupRow key={group.id} project={project} group={group} onNotice={onNotice} onRemove={() => setRemoving(group)} />
          ))}
        </tbody>
      </table>
      {removing ? (
        <RemoveGroupDialog
          project={project}
          group={removing}
          onClose={() => setRemoving(null)}
          onRemoved={() => onNotice({ tone: 'success', text: t('projectGroups.removed', { name: removing.name }) })}
        />
      ) : null}
    </section>
  );
}

function GroupRow({
  project,
  group,
  onNotice,
  onRemove,
}: {
  project: ProjectContext;
  group: ProjectGroup;
  onNotice: (notice: GroupNotice) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const levelOptions = useLevelOptions();
  const groupsEnabled = useGroupsEnabled();
  const canAdmin = project.permissions.canAdmin;
  const canChange = canAdmin && groupsEnabled;
  const change = useMutation({
    mutationFn: (level: PermissionLevel) => setProjectGroup(project.id, group.id, level),
    onMutate: () => onNotice(null),
    onSuccess: async (_result, level) => {
      await queryClient.invalidateQueries({ queryKey: collaboratorKeys.ofProject(project.id) });
      onNotice({
        tone: 'success',
        text: t('projectGroups.changed', { name: group.name, level: t(`projectSettings.collaborators.levels.${level}`) }),
      });
    },
    onError: (error) => onNotice({ tone: 'error', text: errorMessage(error, t('projectSettings.collaborators.changeFailed')) }),
  });
  const shown = change.isPending && change.variables ? change.variables : group.level;
  return (
    <tr>
      <td data-label={t('projectGroups.name')}>
        <span className="user-cell">
          <span className="avatar avatar--sm" aria-hidden="true">
            {group.name.charAt(0).toUpperCase()}
          </span>
          <span>{group.name}</span>
        </span>
      </td>
      <td data-label={t('projectGroups.members')}>{t('projectGroups.memberCount', { count: group.member_count })}</td>
      <td data-label={t('projectSettings.collaborators.level')}>
        {canChange ? (
          <SelectField
            label={t('projectGroups.levelFor', { name: group.name })}
            hideLabel
            className="field--compact"
            options={levelOptions}
            value={shown}
            isDisabled={change.isPending}
            onChange={(value) => {
              if (value !== group.level) change.mutate(value as PermissionLevel);
            }}
          />
        ) : (
          t(`projectSettings.collaborators.levels.${group.level}`)
        )}
      </td>
      {canAdmin ? (
        <td className="data-table__actions">
          <Button
            size="sm"
            variant="ghost"
            className="button--danger-text"
            aria-label={t('projectGroups.removeLabel', { name: group.name })}
            onPress={onRemove}
          >
            {t('projectSettings.collaborators.remove')}
          </Button>
        </td>
      ) : null}
    </tr>
  );
}

/** DELETE /api/project/{id}/group/{groupId} after a confirmation. */
function RemoveGroupDialog({
  project,
  group,
  onClose,
  onRemoved,
}: {
  project: ProjectContext;
  group: ProjectGroup;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => removeProjectGroup(project.id, group.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: collaboratorKeys.ofProject(project.id) });
      onRemoved();
      onClose();
    },
  });
  return (
    <AppDialog
      title={t('projectGroups.removeTitle', { name: group.name })}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
      isDismissable={!remove.isPending}
      size="sm"
    >
      <p>{t('projectGroups.removeText', { name: group.name, project: project.name })}</p>
      {remove.isError ? <Alert>{errorMessage(remove.error, t('projectGroups.removeFailed'))}</Alert> : null}
      <ConfirmDialogActions
        cancelLabel={t('common.cancel')}
        confirmLabel={remove.isPending ? t('projectSettings.collaborators.removing') : t('projectGroups.removeConfirm')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </AppDialog>
  );
}

/**
 * Adds groups of the account with one access level: the level, then the toolkit's user/group add dialog showing
 * only its groups tab (GET /api/groups/list; every member of the account may list them). Only with USER_GROUPS.
 */
export function AddProjectGroups({
  project,
  groups,
  onNotice,
}: {
  project: ProjectContext;
  groups: ProjectGroup[];
  onNotice: (notice: GroupNotice) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useSignedInSession();
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
          level: t(`projectSettings.collaborators.levels.${input.level}`),
        }),
      });
    },
  });

  const heading = (
    <h2 id="add-group-heading" className="section-title">
      {t('projectGroups.add')}
    </h2>
  );
  if (accountGroups.isPending) {
    return (
      <section aria-labelledby="add-group-heading">
        {heading}
        <LoadingState label={t('projectGroups.loading')} />
      </section>
    );
  }
  if (accountGroups.isError) {
    const forbidden = accountGroups.error instanceof ApiError && accountGroups.error.status === 403;
    return (
      <section aria-labelledby="add-group-heading">
        {heading}
        <Alert title={t('projectGroups.loadFailed')}>
          <p>{errorMessage(accountGroups.error, t('common.tryAgainLater'))}</p>
          {forbidden ? null : (
            <Button size="sm" onPress={() => void accountGroups.refetch()}>
              {t('common.retry')}
            </Button>
          )}
        </Alert>
      </section>
    );
  }

  const listed = new Set(groups.map((g) => g.id));
  const candidates = accountGroups.data.filter((g) => !listed.has(g.id));
  return (
    <section aria-labelledby="add-group-heading" className="project-settings__add">
      {heading}
      {accountGroups.data.length === 0 ? (
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
        <div className="project-groups__add">
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
        title={t('projectGroups.dialogTitle', { level: t(`projectSettings.collaborators.levels.${level}`) })}
        users={[]}
        groups={candidates}
        currentAccountId={session.account.id}
        showUsers={false}
        onSubmit={(selection) => {
          if (selection.groups.length > 0) add.mutate({ ids: selection.groups, level });
        }}
      />
    </section>
  );
}
