import type { BoardCard, WorkflowStatusResponse } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button as AriaButton, TextField as AriaTextField, Input, Label } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button, LinkButton } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Alert, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { SelectField } from '../../ui/SelectField';
import { assignmentQuery, presetsQuery } from './api';
import { useAddChecklistItem, useApplyPreset, useDeleteChecklistItem, useUpdateAssignment, useUpdateChecklistItem } from './mutations';

export interface SidePanelProps {
  projectId: number;
  assetId: number;
  card: BoardCard | null;
  statuses: WorkflowStatusResponse[];
  people: { id: number; name: string }[];
  canEdit: boolean;
  viewerHref: string;
  onMove: (statusId: number) => void;
  onClose: () => void;
}

/** The selected card's details beside the board: status, assignee, due date and checklist, editable in place. */
export function SidePanel({ projectId, assetId, card, statuses, people, canEdit, viewerHref, onMove, onClose }: SidePanelProps) {
  const { t } = useTranslation();
  const assignment = useQuery(assignmentQuery(assetId));
  const update = useUpdateAssignment(projectId, assetId);
  const add = useAddChecklistItem(projectId, assetId);
  const tick = useUpdateChecklistItem(projectId, assetId);
  const remove = useDeleteChecklistItem(projectId, assetId);
  const presets = useQuery({ ...presetsQuery(projectId), enabled: canEdit });
  const apply = useApplyPreset(projectId, assetId);
  const [draft, setDraft] = useState('');
  const [preset, setPreset] = useState<string | null>(null);
  const failure = update.failure ?? add.failure ?? tick.failure ?? remove.failure ?? apply.failure;
  const data = assignment.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) return;
    add.mutate(draft, { onSuccess: () => setDraft('') });
  };
  const done = data?.checklist.filter((i) => i.done).length ?? 0;

  return (
    <aside className="board-panel" aria-labelledby="board-panel-title">
      <div className="board-panel__head">
        <h2 id="board-panel-title">{card?.title ?? t('workflows.panel.title')}</h2>
        <Button variant="ghost" onPress={onClose} aria-label={t('workflows.panel.close')}>
          <span aria-hidden="true">✕</span>
        </Button>
      </div>
      {card?.preview_url ? <img className="board-panel__preview" src={card.preview_url} alt="" /> : null}
      <LinkButton href={viewerHref} size="sm">
        {t('workflows.panel.openViewer')}
      </LinkButton>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {assignment.isError ? (
        <LoadFailedAlert title={t('workflows.panel.loadFailed')} error={assignment.error} onRetry={() => void assignment.refetch()} />
      ) : null}
      {!data && assignment.isPending ? <LoadingState label={t('workflows.panel.loading')} /> : null}
      {data ? (
        <div className="board-panel__fields">
          <SelectField
            label={t('workflows.panel.status')}
            options={statuses.map((s) => ({ id: String(s.id), label: s.name }))}
            value={card?.status_id ? String(card.status_id) : null}
            onChange={(value) => onMove(Number(value))}
            isDisabled={!canEdit}
            placeholder={t('workflows.noStatus')}
          />
          <SelectField
            label={t('workflows.panel.assignee')}
            options={[{ id: 'none', label: t('workflows.panel.nobody') }, ...people.map((p) => ({ id: String(p.id), label: p.name }))]}
            value={data.assignee ? String(data.assignee.id) : 'none'}
            onChange={(value) => update.mutate({ assignee_id: value === 'none' ? null : Number(value) })}
            isDisabled={!canEdit || update.busy}
          />
          <AriaTextField
            className="field"
            isDisabled={!canEdit || update.busy}
            value={data.due_at ? data.due_at.slice(0, 10) : ''}
            onChange={(value) => update.mutate({ due_at: value ? new Date(`${value}T17:00:00`).toISOString() : null })}
          >
            <Label className="field__label">{t('workflows.panel.dueDate')}</Label>
            <Input className="field__input" type="date" />
          </AriaTextField>
          <section className="board-checklist" aria-labelledby="board-checklist-title">
            <h3 id="board-checklist-title">
              {t('workflows.panel.checklist')}{' '}
              <span className="board-checklist__progress">{t('workflows.card.checklist', { done, total: data.checklist.length })}</span>
            </h3>
            {data.checklist.length === 0 ? <p className="board-checklist__empty">{t('workflows.panel.checklistEmpty')}</p> : null}
            <ul className="board-checklist__items">
              {data.checklist.map((item) => (
                <li key={item.id} className="board-checklist__item">
                  <Checkbox isSelected={item.done} isDisabled={!canEdit} onChange={(value) => tick.mutate({ id: item.id, done: value })}>
                    {item.content}
                    {item.assigned_user ? <span className="board-checklist__who"> · {item.assigned_user.name}</span> : null}
                  </Checkbox>
                  {canEdit ? (
                    <AriaButton
                      className="board-checklist__delete"
                      aria-label={t('workflows.panel.deleteItem', { content: item.content })}
                      onPress={() => remove.mutate(item.id)}
                    >
                      <span aria-hidden="true">✕</span>
                    </AriaButton>
                  ) : null}
                </li>
              ))}
            </ul>
            {canEdit ? (
              <form className="board-checklist__add" onSubmit={submit}>
                <AriaTextField className="field" value={draft} onChange={setDraft} maxLength={500}>
                  <Label className="field__label">{t('workflows.panel.newItem')}</Label>
                  <Input className="field__input" />
                </AriaTextField>
                <Button type="submit" isPending={add.busy} isDisabled={!draft.trim()}>
                  {t('workflows.panel.addItem')}
                </Button>
              </form>
            ) : null}
            {canEdit && presets.data?.length ? (
              <div className="board-checklist__add">
                <SelectField
                  label={t('workflows.panel.preset')}
                  options={presets.data.map((p) => ({
                    id: String(p.id),
                    label: t('workflows.panel.presetOption', { name: p.name, count: p.items.length }),
                  }))}
                  value={preset}
                  onChange={setPreset}
                />
                <Button
                  isPending={apply.busy}
                  isDisabled={!preset}
                  onPress={() => preset && apply.mutate(Number(preset), { onSuccess: () => setPreset(null) })}
                >
                  {t('workflows.panel.applyPreset')}
                </Button>
              </div>
            ) : null}
          </section>
        </div>
      ) : null}
    </aside>
  );
}
