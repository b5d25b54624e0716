import { TreeSetting } from '../../fields/LinkSetting';
import { ListSetting } from '../../fields/ListSetting';
import { type Saved, Section } from '../layout';

/** Lists and trees. */
export function ListsSection({ title, saved }: { title: string; saved: Saved }) {
  return (
    <Section id="lists" title={title}>
      <div className="gallery__grid">
        <ListSetting
          name="sizes"
          label="Download sizes"
          displayToggle
          keepOneVisible
          value={[
            { label: 'Small', value: '0-small', visible: true },
            { label: 'Large', value: '1-large', visible: false },
          ]}
          onChange={saved('list')}
        />
        <ListSetting
          name="blocked"
          label="Blocked extensions"
          template="fileTypes"
          value={[{ label: 'exe', value: '0-exe' }]}
          onChange={saved('blocked')}
        />
        <ListSetting name="tags" label="Tags" template="tags" value={[]} onChange={saved('tags')} />
        <ListSetting name="readonlyList" label="Readonly list" readonly value={[{ label: 'Fixed', value: '0-fixed' }]} />
        <TreeSetting
          name="section"
          label="Section (label title)"
          value="logo"
          nodes={[
            {
              id: 'basics',
              title: 'Basics',
              children: [
                { id: 'logo', title: 'Logo' },
                { id: 'colours', title: 'Colours' },
              ],
            },
          ]}
          onSaved={saved('section')}
        />
        <TreeSetting
          name="sectionBanner"
          label="Section (banner title)"
          titleType="banner"
          bannerText="Choose where the block appears."
          value={null}
          nodes={[{ id: 'basics', title: 'Basics', children: [{ id: 'logo', title: 'Logo' }] }]}
          onSaved={saved('sectionBanner')}
        />
      </div>
    </Section>
  );
}
