import { GroupsSetting, UserCheckboxListSetting, UserGroupListSetting } from '../../fields/UserSettings';
import { GROUPS, USERS } from '../fixtures';
import { type Saved, Section } from '../layout';

/** Users and groups. */
export function UsersSection({ title, saved }: { title: string; saved: Saved }) {
  return (
    <Section id="users" title={title}>
      <div className="gallery__grid">
        <UserGroupListSetting
          name="reviewers"
          label="Reviewers (required)"
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
          label="Viewers (blank slate)"
          value={{ users: [], groups: [] }}
          users={USERS}
          groups={GROUPS}
          currentAccountId={1}
          onSaved={saved('viewers')}
        />
        <UserGroupListSetting
          name="owners"
          label="Owners (readonly)"
          value={{ users: [3], groups: [] }}
          users={USERS}
          groups={GROUPS}
          readonly
        />
        <UserCheckboxListSetting name="notify" label="Notify" value={[2]} users={USERS} onSaved={saved('notify')} />
        <GroupsSetting name="groups" label="Groups" value={[11]} groups={GROUPS} onSaved={saved('groups')} />
      </div>
    </Section>
  );
}
