import { useTranslation } from 'react-i18next';
import { GroupsSetting, UserCheckboxListSetting, UserGroupListSetting } from '../../fields/UserSettings';
import { GROUPS, USERS } from '../fixtures';
import { type Saved, Section } from '../layout';

/** Users and groups. */
export function UsersSection({ title, saved }: { title: string; saved: Saved }) {
  const { t } = useTranslation();
  return (
    <Section id="users" title={title}>
      <div className="gallery__grid">
        <UserGroupListSetting
          name="reviewers"
          label={t('toolkit.gallery.samples.reviewersRequired')}
          value={{ users: [2], groups: [10] }}
          users={USERS}
          groups={GROUPS}
          crossAccountGroups
          currentAccountId={1}
          required
          onSaved={saved('reviewers')}
        />
        <UserGroupListSetting
          name="viewers"
          label={t('toolkit.gallery.samples.viewersBlankSlate')}
          value={{ users: [], groups: [] }}
          users={USERS}
          groups={GROUPS}
          currentAccountId={1}
          onSaved={saved('viewers')}
        />
        <UserGroupListSetting
          name="owners"
          label={t('toolkit.gallery.samples.ownersReadonly')}
          value={{ users: [3], groups: [] }}
          users={USERS}
          groups={GROUPS}
          readonly
        />
        <UserCheckboxListSetting
          name="notify"
          label={t('toolkit.gallery.samples.notify')}
          value={[2]}
          users={USERS}
          onSaved={saved('notify')}
        />
        <GroupsSetting name="groups" label={t('toolkit.gallery.samples.groups')} value={[11]} groups={GROUPS} onSaved={saved('groups')} />
      </div>
    </Section>
  );
}
