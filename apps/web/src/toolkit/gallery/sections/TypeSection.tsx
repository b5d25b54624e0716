import { useTranslation } from 'react-i18next';
import { ButtonStyleSetting } from '../../fields/ButtonStyleSetting';
import { TypographyStyleSetting } from '../../fields/TypographyStyleSetting';
import { TYPE_STYLE } from '../fixtures';
import { type Saved, Section } from '../layout';

/** Type and button style. */
export function TypeSection({ title, saved }: { title: string; saved: Saved }) {
  const { t } = useTranslation();
  return (
    <Section id="type" title={title}>
      <div className="gallery__grid">
        <TypographyStyleSetting
          name="heading"
          label={t('toolkit.gallery.samples.headingStyle')}
          value={TYPE_STYLE}
          margins
          onSaved={saved('heading')}
        />
        <TypographyStyleSetting
          name="linkStyle"
          label={t('toolkit.gallery.samples.linkStyle')}
          link
          value={{
            ...TYPE_STYLE,
            weight: 400,
            size: '16px',
            color: { rgb: 'rgb(29, 95, 209)', alpha: 100 },
            underline: true,
            color_hover: { rgb: 'rgb(18, 60, 140)', alpha: 100 },
          }}
          onSaved={saved('linkStyle')}
        />
        <ButtonStyleSetting
          name="buttonStyle"
          label={t('toolkit.gallery.samples.buttonStyle')}
          value={{
            family: 'system-ui',
            family_css: 'system-ui, sans-serif',
            provider: 'system',
            color: { rgb: 'rgb(255, 255, 255)', alpha: 100 },
            color_hover: { rgb: 'rgb(255, 255, 255)', alpha: 100 },
            weight: 700,
            size: '16px',
            line_height: '1.2',
            uppercase: false,
            italic: false,
            border_width: 0,
            border_radius: 6,
            border_color: null,
            border_color_hover: null,
            frame: { top: 10, right: 20, bottom: 10, left: 20 },
            background_color: { rgb: 'rgb(45, 50, 50)', alpha: 100 },
            background_color_hover: { rgb: 'rgb(29, 95, 209)', alpha: 100 },
          }}
          onSaved={saved('buttonStyle')}
        />
      </div>
    </Section>
  );
}
