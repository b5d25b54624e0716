import { useTranslation } from 'react-i18next';
import { TreeSetting } from '../../fields/LinkSetting';
import { ListSetting } from '../../fields/ListSetting';
import { type Saved, Section } from '../layout';

/** Lists and trees. */
export function ListsSection({ title, saved }: { title: string; saved: Saved }) {
  const { t } = useTranslation();
  return (
    <Section id="lists" title={title}>
      <div className="gallery__grid">
        <ListSetting
          name="sizes"
          label={t('toolkit.gallery.samples.downloadSizes')}
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
          label={t('toolkit.gallery.samples.blockedExtensions')}
          template="fileTypes"
          value={[{ label: 'exe', value: '0-exe' }]}
          onChange={saved('blocked')}
        />
        <ListSetting name="tags" label={t('toolkit.gallery.samples.tags')} template="tags" value={[]} onChange={saved('tags')} />
        <ListSetting
          name="readonlyList"
          label={t('toolkit.gallery.samples.readonlyList')}
          readonly
          value={[{ label: 'Fixed', value: '0-fixed' }]}
        />
        <TreeSetting
          name="section"
          label={t('toolkit.gallery.samples.sectionLabelTitle')}
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
          label={t('toolkit.gallery.samples.sectionBannerTitle')}
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
