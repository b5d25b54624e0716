import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { Drawer } from '../../../shell/Drawer';
import { Button } from '../../../ui/Button';
import { Alert, Badge, EmptyState, LoadFailedAlert, LoadingState } from '../../../ui/Feedback';
import { restoreItem, type TrashItem, trashQuery } from '../documents/api';
import { useEditor } from './EditorContext';
import { useEditorWrite } from './mutations';

/** The document's trash: deleted pages, headings, sections and blocks, each restorable until it expires. */
export function TrashDrawer({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { document } = useEditor();
  const trash = useQuery(trashQuery(document.id));
  const [restored, setRestored] = useState('');
  const restore = useEditorWrite((item: TrashItem) => restoreItem(item.kind, item.id), {
    pages: (item) => (item.page_id ? [item.page_id] : []),
    trash: true,
  });

  return (
    <Drawer
      label={t('guidelines.trash.title')}
      title={<span className="drawer__title-text">{t('guidelines.trash.title')}</span>}
      onClose={onClose}
    >
      <div className="trash">
        <p className="trash__intro">{t('guidelines.trash.intro')}</p>
        {restore.failure ? <Alert>{restore.failure}</Alert> : null}
        <p className="visually-hidden" role="status">
          {restored}
        </p>
        {trash.isPending ? (
          <LoadingState label={t('guidelines.trash.loading')} />
        ) : trash.isError ? (
          <LoadFailedAlert title={t('guidelines.trash.loadFailed')} error={trash.error} onRetry={() => void trash.refetch()} />
        ) : trash.data.length === 0 ? (
          <EmptyState title={t('guidelines.trash.emptyTitle')}>{t('guidelines.trash.emptyText')}</EmptyState>
        ) : (
          <ul className="trash__list" aria-label={t('guidelines.trash.listLabel')}>
            {trash.data.map((item) => (
              <li key={`${item.kind}-${item.id}`} className="trash__item">
                <div className="trash__text">
                  <span className="trash__name">
                    <Badge>{t(`guidelines.trash.kind.${item.kind}`)}</Badge> {item.title}
                  </span>
                  <span className="trash__meta">
                    {t('guidelines.trash.dates', {
                      deleted: formatDate(item.deleted_at, i18n.language),
                      expires: formatDate(item.expires_at, i18n.language),
                    })}
                  </span>
                </div>
                <Button
                  size="sm"
                  aria-label={t('guidelines.trash.restoreLabel', { title: item.title })}
                  isDisabled={restore.busy}
                  onPress={() =>
                    restore.mutate(item, { onSuccess: () => setRestored(t('guidelines.trash.restored', { title: item.title })) })
                  }
                >
                  {t('guidelines.trash.restore')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Drawer>
  );
}
