import { useTranslation } from 'react-i18next';
import { ColorListSetting } from '../../fields/ColorListSetting';
import { ColorSetting } from '../../fields/ColorSettings';
import { type Saved, Section } from '../layout';

/** Colour: a colour, an unparsable colour, a colour list with palettes and restrictions. */
export function ColourSection({ title, saved }: { title: string; saved: Saved }) {
  const { t } = useTranslation();
  return (
    <Section id="colour" title={title}>
      <div className="gallery__grid">
        <ColorSetting
          name="accent"
          label={t('toolkit.gallery.samples.accentColour')}
          value={{ rgb: 'rgb(29, 95, 209)', hex: '#1D5FD1', alpha: 100 }}
          onSaved={saved('accent')}
        />
        <ColorSetting
          name="unparsable"
          label={t('toolkit.gallery.samples.unparsableColourShowsTransparentWhite')}
          value={{ rgb: 'not-a-colour' }}
          onSaved={saved('unparsable')}
        />
        <ColorListSetting
          name="palette"
          label={t('toolkit.gallery.samples.colourList')}
          value={[{ rgb: 'rgb(27, 58, 107)', alpha: 100 }]}
          onSaved={saved('palette')}
        />
        <ColorListSetting
          name="restricted"
          label={t('toolkit.gallery.samples.colourListRestricted')}
          value={[]}
          restrictions={{
            allowed: [
              { id: 1, css_value: '#1b3a6b', name: 'Blue dark' },
              { id: 2, css_value: '#f4c542', name: 'Yellow' },
            ],
          }}
          onSaved={saved('restricted')}
        />
        <ColorListSetting
          name="nopalettes"
          label={t('toolkit.gallery.samples.colourListNoPalettes')}
          value={[]}
          paletteId={0}
          noStyleguide
        />
      </div>
    </Section>
  );
}
