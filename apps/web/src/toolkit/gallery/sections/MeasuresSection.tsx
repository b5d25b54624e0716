import type { FrameValue, HotspotValue, LogoValue } from '@emblem/core';
import { useTranslation } from 'react-i18next';
import { FrameSetting, HotspotSetting, LogoSetting } from '../../fields/GeometrySettings';
import { BorderSetting, MeasureSetting } from '../../fields/MeasureSettings';
import { MultivalueSetting } from '../../fields/MultivalueSetting';
import { type Saved, Section } from '../layout';

/** Measures and geometry: measure, multivalue, border, frame, hotspot and logo. */
export function MeasuresSection({ title, saved }: { title: string; saved: Saved }) {
  const { t } = useTranslation();
  return (
    <Section id="measures" title={title}>
      <div className="gallery__grid">
        <MeasureSetting
          name="spacing"
          label={t('toolkit.gallery.samples.spacing')}
          value="24px"
          min={0}
          max={200}
          onSaved={saved('spacing')}
        />
        <MultivalueSetting
          name="sizes"
          label={t('toolkit.gallery.samples.sizes0100')}
          variant="toggles"
          lockable
          min={0}
          max={100}
          unit="%"
          value={{
            items: [
              { id: 'a', label: 'Small', value: 25, toggle: true },
              { id: 'b', label: 'Large', value: 75, toggle: false },
            ],
            locked: false,
          }}
          onSaved={saved('sizes')}
        />
        <MultivalueSetting
          name="fontsize"
          label={t('toolkit.gallery.samples.fonts')}
          variant="fonts"
          fonts={['system-ui', 'Georgia', 'Inter']}
          min={8}
          max={96}
          unit="px"
          value={{
            items: [
              { id: 'h', label: 'Headings', value: 32, fontFamily: 'Georgia' },
              { id: 'b', label: 'Body', value: 16, fontFamily: 'system-ui' },
            ],
          }}
          onSaved={saved('fontsize')}
        />
        <MultivalueSetting
          name="swatches"
          label={t('toolkit.gallery.samples.colours')}
          variant="colors"
          min={0}
          max={100}
          value={{ items: [{ id: 'p', label: 'Primary', value: 100, color: { rgb: 'rgb(27, 58, 107)', id: 1 } }] }}
          onSaved={saved('swatches')}
        />
        <BorderSetting
          name="border"
          label={t('toolkit.gallery.samples.border')}
          value={{ width: 1, radius: 8, color: { rgb: 'rgb(138, 144, 144)', alpha: 100 } }}
          onSaved={saved('border')}
        />
        <FrameSetting
          name="frame"
          label={t('toolkit.gallery.samples.frame')}
          value={{ top: 8, right: 16, bottom: 8, left: 16 } satisfies FrameValue}
          onSaved={saved('frame')}
        />
        <HotspotSetting
          name="hotspot"
          label={t('toolkit.gallery.samples.hotspot')}
          value={{ x: 10, y: 20, width: 200, height: 100 } satisfies HotspotValue}
          lockAspectRatio
          onSaved={saved('hotspot')}
        />
        <LogoSetting
          name="logo"
          label={t('toolkit.gallery.samples.logo')}
          value={{ x: 0, y: 0, width: 120, height: 'auto' } satisfies LogoValue}
          aspectRatio={3}
          onSaved={saved('logo')}
        />
      </div>
    </Section>
  );
}
