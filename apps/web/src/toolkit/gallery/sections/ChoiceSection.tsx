import { useTranslation } from 'react-i18next';
import { CheckboxGroupSetting, RadioSetting } from '../../fields/ChoiceGroupSettings';
import {
  ChooserSetting,
  DropdownSetting,
  HeaderSizeSetting,
  PositionSetting,
  RatioSetting,
  RoleSetting,
  ToggleSetting,
} from '../../fields/ChoiceSettings';
import { SearchChooserSetting } from '../../fields/SearchChooserSetting';
import { type Saved, Section } from '../layout';

/** Choices: toggles, dropdowns, choosers, checkbox groups, radios and the search chooser. */
export function ChoiceSection({ title, saved }: { title: string; saved: Saved }) {
  const { t } = useTranslation();
  return (
    <Section id="choice" title={title}>
      <div className="gallery__grid">
        <ToggleSetting name="public" label={t('toolkit.gallery.samples.publicGuideline')} value={true} onSaved={saved('public')} />
        <ToggleSetting<'yes' | 'no'>
          name="newsletter"
          label={t('toolkit.gallery.samples.newsletterCustomValues')}
          value="no"
          trueValue="yes"
          falseValue="no"
          onSaved={saved('newsletter')}
        />
        <ToggleSetting name="locked" label={t('toolkit.gallery.samples.lockedReadonly')} value={false} readonly />
        <DropdownSetting<string>
          name="layout"
          label={t('toolkit.gallery.samples.layout')}
          value="grid"
          options={[
            { value: 'grid', label: 'Grid' },
            { value: 'list', label: 'List' },
            { value: 'masonry', label: 'Masonry' },
          ]}
          onSaved={saved('layout')}
        />
        <RoleSetting name="role" label={t('toolkit.gallery.samples.role')} value="MEMBER" onSaved={saved('role')} />
        <ChooserSetting<string>
          name="theme"
          label={t('toolkit.gallery.samples.theme')}
          value="light"
          options={[
            { value: 'light', label: 'Light', description: 'Dark text on white' },
            { value: 'dark', label: 'Dark', description: 'Light text on black' },
            { value: 'brand', label: 'Brand', disabled: true, description: 'Needs a brand colour' },
          ]}
          onSaved={saved('theme')}
        />
        <RatioSetting name="ratio" label={t('toolkit.gallery.samples.ratio')} value="16:9" onSaved={saved('ratio')} />
        <PositionSetting name="anchor" label={t('toolkit.gallery.samples.position')} value="center" onSaved={saved('anchor')} />
        <HeaderSizeSetting name="headerSize" label={t('toolkit.gallery.samples.headerSize')} value="medium" onSaved={saved('headerSize')} />
        <CheckboxGroupSetting<string>
          name="channels"
          label={t('toolkit.gallery.samples.channels1To2')}
          value={['web']}
          min={1}
          max={2}
          options={[
            { value: 'web', label: 'Web' },
            { value: 'print', label: 'Print' },
            { value: 'social', label: 'Social' },
          ]}
          onSaved={saved('channels')}
        />
        <RadioSetting
          name="alignment"
          label={t('toolkit.gallery.samples.alignment')}
          value={null}
          options={[
            { value: 'null', label: 'Default' },
            { value: 'left', label: 'Left' },
            { value: 'right', label: 'Right' },
          ]}
          onSaved={saved('alignment')}
        />
        <SearchChooserSetting<string>
          name="country"
          label={t('toolkit.gallery.samples.country')}
          value="CH"
          options={['AT', 'BE', 'CH', 'DE', 'DK', 'ES', 'FI', 'FR', 'GB', 'IE', 'IT', 'NL', 'NO', 'PL', 'PT', 'SE'].map((c) => ({
            value: c,
            label: c,
          }))}
          onSaved={saved('country')}
        />
      </div>
    </Section>
  );
}
