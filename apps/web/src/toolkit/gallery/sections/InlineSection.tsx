import { useTranslation } from 'react-i18next';
import { DateSetting } from '../../fields/DateSetting';
import { SnippetTextSetting, TextSetting, TimeSetting } from '../../fields/TextSetting';
import { type Saved, Section, State } from '../layout';

/** Text, time and date: every state of an inline setting (idle, empty, readonly, invalid, autosaving). */
export function InlineSection({ title, saved }: { title: string; saved: Saved }) {
  const { t } = useTranslation();
  return (
    <Section id="inline" title={title}>
      <p className="muted">{t('toolkit.gallery.inlineHelp')}</p>
      <div className="gallery__grid">
        <State name={t('toolkit.gallery.states.idle')}>
          <TextSetting
            name="title"
            label={t('toolkit.gallery.samples.title')}
            value="Brand guidelines"
            rules={{ required: true, maxlength: 60 }}
            onSaved={saved('title')}
            autosave={false}
          />
        </State>
        <State name={t('toolkit.gallery.states.idle')}>
          <TextSetting
            name="subtitle"
            label={t('toolkit.gallery.samples.subtitle')}
            value="Everything about our brand"
            onSaved={saved('subtitle')}
            autosave={false}
          />
        </State>
        <State name={t('toolkit.gallery.states.validated')}>
          <TextSetting
            name="contact"
            label={t('toolkit.gallery.samples.contactEMail')}
            value="brand@example.com"
            rules={{ required: true, email: true }}
            onSaved={saved('contact')}
            autosave={false}
          />
        </State>
        <State name={t('toolkit.gallery.states.empty')}>
          <TextSetting
            name="tagline"
            label={t('toolkit.gallery.samples.tagline')}
            value=""
            placeholder={t('toolkit.gallery.samples.aShortLine')}
            onSaved={saved('tagline')}
          />
        </State>
        <State name={t('toolkit.gallery.states.readonly')}>
          <TextSetting name="slug" label={t('toolkit.gallery.samples.slug')} value="acme-brand" readonly />
        </State>
        <State name={t('toolkit.gallery.states.serverError')}>
          <TextSetting
            name="refused"
            label={t('toolkit.gallery.samples.savedOnTheServerRefused')}
            value="Try me"
            api="/api/toolkit-gallery/refuse"
            autosave={false}
          />
        </State>
        <State name={t('toolkit.gallery.states.autosave')}>
          <SnippetTextSetting
            name="snippet"
            label={t('toolkit.gallery.samples.snippetText')}
            value="A snippet that autosaves while you type."
            onSaved={saved('snippet')}
          />
        </State>
        <State name={t('toolkit.gallery.states.source')}>
          <SnippetTextSetting
            name="source"
            label={t('toolkit.gallery.samples.snippetSource')}
            value="<strong>Bold</strong> snippet"
            sourceMode
            onSaved={saved('source')}
          />
        </State>
        <State name="mm:ss">
          <TimeSetting
            name="duration"
            label={t('toolkit.gallery.samples.videoLength')}
            value={95}
            maxValueInSeconds={3600}
            onSaved={saved('duration')}
          />
        </State>
        <State name="hh:mm:ss · 2 digits">
          <TimeSetting
            name="position"
            label={t('toolkit.gallery.samples.startPosition')}
            value={3725.5}
            maxValueInSeconds={7200}
            postDecimalDigits={2}
            onSaved={saved('position')}
          />
        </State>
        <State name={t('toolkit.gallery.states.idle')}>
          <DateSetting name="launch" label={t('toolkit.gallery.samples.launchDate')} value="2030-05-01" onSaved={saved('launch')} />
        </State>
        <State name="noMinDate">
          <DateSetting
            name="founded"
            label={t('toolkit.gallery.samples.founded')}
            value="1998-03-14"
            noMinDate
            onSaved={saved('founded')}
          />
        </State>
      </div>
    </Section>
  );
}
