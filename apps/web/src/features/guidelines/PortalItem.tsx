import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Alert, Badge } from '../../ui/Feedback';
import type { Portal, PortalVisibility } from './api';
import { PortalDocuments } from './documents/PortalDocuments';
import { useUpdatePortal } from './mutations';
import { PortalLink } from './PortalLink';
import { RenamePortalDialog } from './RenamePortalDialog';
import { VisibilitySelect } from './VisibilitySelect';

const BADGE_TONES = { PUBLIC: 'success', ACCOUNT: 'info', EDITORS: 'neutral' } as const satisfies Record<PortalVisibility, string>;

/**
 * One portal of the list: its title and who may open it for everyone; for those who may edit it (the portal's
 * permissions say so) also renaming, the visibility and its public link; then the portal's documents.
 */
export function PortalItem({ portal, onNotice }: { portal: Portal; onNotice: (text: string) => void }) {
  const { t } = useTranslation();
  const update = useUpdatePortal(portal);
  const [renaming, setRenaming] = useState(false);
  const headingId = `portal-${portal.id}-title`;
  const canEdit = portal.permissions.canEdit;

  return (
    <article className="portal-card" aria-labelledby={headingId}>
      <div className="portal-card__header">
        <div className="portal-card__name">
          <h2 id={headingId} className="portal-card__title">
            {portal.title}
          </h2>
          <Badge tone={BADGE_TONES[portal.visibility]}>
            <span className="visually-hidden">{t('guidelines.visibilityLabel')}: </span>
            {t(`guidelines.visibility.${portal.visibility}`)}
          </Badge>
        </div>
        {canEdit ? (
          <Button
            size="sm"
            variant="ghost"
            className="portal-card__rename"
            aria-label={t('guidelines.renameLabel', { title: portal.title })}
            onPress={() => setRenaming(true)}
          >
            {t('guidelines.rename')}
          </Button>
        ) : null}
      </div>

      {canEdit ? (
        <div className="portal-card__settings">
          <VisibilitySelect value={portal.visibility} onChange={(visibility) => update.mutate({ visibility })} isDisabled={update.busy} />
          <PortalLink portal={portal} />
        </div>
      ) : (
        <p className="portal-card__text">{t(`guidelines.visibilityText.${portal.visibility}`)}</p>
      )}
      {update.failure ? <Alert>{update.failure}</Alert> : null}
      <PortalDocuments portal={portal} onNotice={onNotice} />
      {canEdit ? <RenamePortalDialog portal={portal} isOpen={renaming} onOpenChange={setRenaming} /> : null}
    </article>
  );
}
