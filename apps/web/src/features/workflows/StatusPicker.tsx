import type { WorkflowStatusResponse } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../ui/Button';
import { Alert, LoadFailedAlert } from '../../ui/Feedback';
import { SelectField } from '../../ui/SelectField';
import { statusesQuery } from './api';
import { useMoveAsset } from './mutations';
import './workflows.css';

export interface StatusPickerProps {
  brandId: number;
  projectId: number;
  assetId: number;
  /** The asset's status (`workflow_status` of its answer). */
  status: WorkflowStatusResponse | null;
  /** EDIT moves the asset; anyone else sees the status only. */
  canEdit: boolean;
}

function Dot({ color }: { color: string }) {
  return <span className="board-dot" style={{ background: color }} aria-hidden="true" />;
}

/** The viewer's workflow section of a workspace asset: its status (a picker for editors) and a link to the board. */
export function StatusPicker({ brandId, projectId, assetId, status, canEdit }: StatusPickerProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const statuses = useQuery({ ...statusesQuery(projectId), enabled: canEdit });
  const move = useMoveAsset(projectId, assetId);
  const known = statuses.data ?? (status ? [status] : []);

  return (
    <section className="viewer-section status-picker" aria-labelledby={headingId}>
      <h2 id={headingId} className="viewer-section__title">
        {t('workflows.viewer.title')}
      </h2>
      {canEdit ? (
        <SelectField
          label={t('workflows.panel.status')}
          options={known.map((s) => ({ id: String(s.id), label: s.name, prefix: <Dot color={s.color} /> }))}
          value={status ? String(status.id) : null}
          onChange={(value) => move.mutate(Number(value))}
          isDisabled={move.busy || statuses.isPending}
          placeholder={t('workflows.noStatus')}
          className="status-picker__select"
        />
      ) : (
        <p className="status-picker__badge">
          <span className="visually-hidden">{t('workflows.panel.status')}: </span>
          {status ? <Dot color={status.color} /> : null}
          {status?.name ?? t('workflows.noStatus')}
        </p>
      )}
      {move.busy ? (
        <p className="status-picker__progress" role="status">
          {t('workflows.viewer.moving')}
        </p>
      ) : null}
      {move.failure ? <Alert tone="error">{move.failure}</Alert> : null}
      {statuses.isError ? (
        <LoadFailedAlert title={t('workflows.viewer.loadFailed')} error={statuses.error} onRetry={() => void statuses.refetch()} />
      ) : null}
      <LinkButton href={`/brands/${brandId}/workflows/${projectId}/${assetId}`} size="sm">
        {t('workflows.viewer.openBoard')}
      </LinkButton>
    </section>
  );
}
