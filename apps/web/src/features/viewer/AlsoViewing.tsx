import { useTranslation } from 'react-i18next';
import { usePresence } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { Avatar } from '../../toolkit';

/** Who else has this asset open in the viewer right now (the project's presence channel); nothing when no one. */
export function AlsoViewing({ projectId, assetId }: { projectId: number; assetId: number }) {
  const { t } = useTranslation();
  const me = useSession().data?.user?.id;
  const others = usePresence(projectId, assetId).filter((m) => m.user_id !== me && m.asset_ids.includes(assetId));
  if (others.length === 0) return null;
  const names = others.map((m) => m.user_info.name || t('viewer.someone'));
  return (
    <section className="viewer__viewing" aria-label={t('viewer.alsoViewing', { names: names.join(', ') })}>
      <span className="viewer__viewing-label" aria-hidden="true">
        {t('viewer.alsoViewingLabel')}
      </span>
      <ul className="viewer__viewing-list">
        {others.map((m, i) => (
          <li key={m.user_id} title={names[i]}>
            <Avatar name={names[i] ?? ''} imageUrl={m.user_info.avatar} userId={m.user_id} size={28} border="white" />
          </li>
        ))}
      </ul>
    </section>
  );
}
