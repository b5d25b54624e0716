import { type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { AppDialog, ConfirmDialogActions } from '../../ui/Dialog';
import { Alert, LoadingState, type Notice } from '../../ui/Feedback';
import { SelectField } from '../../ui/SelectField';
import { collaboratorKeys, PERMISSION_LEVELS, type PermissionLevel } from './api';

/**
 * The parts that the people and the groups of a project's collaborators screen share (the groups' part lives in
 * features/groups): the table, a row with its level chooser and remove button, and the remove confirmation.
 */

export type NoticeHandler = (notice: Notice | null) => void;

/** The name of an access level, as the screen shows it. */
export function useLevelName(): (level: PermissionLevel) => string {
  const { t } = useTranslation();
  return (level) => t(`projectSettings.collaborators.levels.${level}`);
}

/** The access levels as options of a select field. */
export function useLevelOptions(): { id: PermissionLevel; label: string }[] {
  const levelName = useLevelName();
  return PERMISSION_LEVELS.map((level) => ({ id: level, label: levelName(level) }));
}

/** A table of collaborators: its columns, then the access and, for project admins, the actions column. */
export function CollaboratorTable({
  caption,
  columns,
  canAdmin,
  children,
}: {
  caption: string;
  columns: string[];
  canAdmin: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <table className="data-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          <th scope="col">{t('projectSettings.collaborators.level')}</th>
          {canAdmin ? (
            <th scope="col">
              <span className="visually-hidden">{t('projectSettings.collaborators.actions')}</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

export interface CollaboratorRowProps {
  projectId: number;
  /** The name column: its header and the collaborator's name (an initial stands in for the avatar). */
  nameColumn: string;
  name: string;
  /** The cells between the name and the access. */
  cells: ReactNode;
  level: PermissionLevel;
  /** Whether the level chooser is shown (otherwise the level's name). */
  canChange: boolean;
  /** Whether the remove button is shown. */
  canAdmin: boolean;
  levelLabel: string;
  removeLabel: string;
  /** Saves a new level (PUT); the collaborators are read again after it. */
  saveLevel: (level: PermissionLevel) => Promise<unknown>;
  changedText: (levelName: string) => string;
  onNotice: NoticeHandler;
  onRemove: () => void;
}

/** One collaborator: name, the given cells, the access (changed at once with the chooser) and a remove button. */
export function CollaboratorRow({
  projectId,
  nameColumn,
  name,
  cells,
  level,
  canChange,
  canAdmin,
  levelLabel,
  removeLabel,
  saveLevel,
  changedText,
  onNotice,
  onRemove,
}: CollaboratorRowProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const levelName = useLevelName();
  const levelOptions = useLevelOptions();
  const change = useMutation({
    mutationFn: saveLevel,
    onMutate: () => onNotice(null),
    onSuccess: async (_result, next) => {
      await queryClient.invalidateQueries({ queryKey: collaboratorKeys.ofProject(projectId) });
      onNotice({ tone: 'success', text: changedText(levelName(next)) });
    },
    onError: (error) => onNotice({ tone: 'error', text: errorMessage(error, t('projectSettings.collaborators.changeFailed')) }),
  });
  const shown = change.isPending && change.variables ? change.variables : level;
  return (
    <tr>
      <td data-label={nameColumn}>
        <span className="user-cell">
          <span className="avatar avatar--sm" aria-hidden="true">
            {name.charAt(0).toUpperCase()}
          </span>
          <span>{name}</span>
        </span>
      </td>
      {cells}
      <td data-label={t('projectSettings.collaborators.level')}>
        {canChange ? (
          <SelectField
            label={levelLabel}
            hideLabel
            className="field--compact"
            options={levelOptions}
            value={shown}
            isDisabled={change.isPending}
            onChange={(value) => {
              if (value !== level) change.mutate(value as PermissionLevel);
            }}
          />
        ) : (
          levelName(level)
        )}
      </td>
      {canAdmin ? (
        <td className="data-table__actions">
          <Button size="sm" variant="ghost" className="button--danger-text" aria-label={removeLabel} onPress={onRemove}>
            {t('projectSettings.collaborators.remove')}
          </Button>
        </td>
      ) : null}
    </tr>
  );
}

/** Removes a collaborator (DELETE) after a confirmation; the collaborators are read again after it. */
export function RemoveCollaboratorDialog({
  projectId,
  title,
  text,
  confirmLabel,
  failedText,
  remove: removeCollaborator,
  onClose,
  onRemoved,
}: {
  projectId: number;
  title: string;
  text: string;
  confirmLabel: string;
  failedText: string;
  remove: () => Promise<unknown>;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: removeCollaborator,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: collaboratorKeys.ofProject(projectId) });
      onRemoved();
      onClose();
    },
  });
  return (
    <AppDialog
      title={title}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
      isDismissable={!remove.isPending}
      size="sm"
    >
      <p>{text}</p>
      {remove.isError ? <Alert>{errorMessage(remove.error, failedText)}</Alert> : null}
      <ConfirmDialogActions
        cancelLabel={t('common.cancel')}
        confirmLabel={remove.isPending ? t('projectSettings.collaborators.removing') : confirmLabel}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </AppDialog>
  );
}

/**
 * A titled part of the screen that adds collaborators from a list it loads first (the account's people or groups):
 * a spinner while it loads, `failed` when it could not be loaded, `children` with the list once it is there.
 */
export function AddCollaboratorsSection<T>({
  id,
  title,
  query,
  loadingLabel,
  failed,
  children,
}: {
  id: string;
  title: string;
  query: UseQueryResult<T>;
  loadingLabel: string;
  failed: (error: Error) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={query.isSuccess ? 'project-settings__add' : undefined}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {query.isPending ? <LoadingState label={loadingLabel} /> : query.isError ? failed(query.error) : children(query.data)}
    </section>
  );
}
