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
            label="Title"
            value="Brand guidelines"
            rules={{ required: true, maxlength: 60 }}
            onSaved={saved('title')}
            autosave={false}
          />
        </State>
        <State name={t('toolkit.gallery.states.idle')}>
          <TextSetting name="subtitle" label="Subtitle" value="Everything about our brand" onSaved={saved('subtitle')} autosave={false} />
        </State>
        <State name={t('toolkit.gallery.states.validated')}>
          <TextSetting
            name="contact"
            label="Contact e-mail"
            value="brand@example.com"
            rules={{ required: true, email: true }}
            onSaved={saved('contact')}
            autosave={false}
          />
        </State>
        <State name={t('toolkit.gallery.states.empty')}>
          <TextSetting name="tagline" label="Tagline" value="" placeholder="A short line" onSaved={saved('tagline')} />
        </State>
        <State name={t('toolkit.gallery.states.readonly')}>
          <TextSetting name="slug" label="Slug" value="acme-brand" readonly />
        </State>
        <State name={t('toolkit.gallery.states.serverError')}>
          <TextSetting
            name="refused"
            label="Saved on the server (refused)"
            value="Try me"
            api="/api/toolkit-gallery/refuse"
            autosave={false}
          />
        </State>
        <State name={t('toolkit.gallery.states.autosave')}>
          <SnippetTextSetting
            name="snippet"
            label="Snippet text"
            value="A snippet that autosaves while you type."
            onSaved={saved('snippet')}
          />
        </State>
        <State name={t('toolkit.gallery.states.source')}>
          <SnippetTextSetting
            name="source"
            label="Snippet source"
            value="<strong>Bold</strong> snippet"
            sourceMode
            onSaved={saved('source')}
          />
        </State>
        <State name="mm:ss">
          <TimeSetting name="duration" label="Video length" value={95} maxValueInSeconds={3600} onSaved={saved('duration')} />
        </State>
        <State name="hh:mm:ss · 2 digits">
          <TimeSetting
            name="position"
            label="Start position"
            value={3725.5}
            maxValueInSeconds={7200}
            postDecimalDigits={2}
            onSaved={saved('position')}
          />
        </State>
        <State name={t('toolkit.gallery.states.idle')}>
          <DateSetting name="launch" label="Launch date" value="2030-05-01" onSaved={saved('launch')} />
        </State>
        <State name="noMinDate">
          <DateSetting name="founded" label="Founded" value="1998-03-14" noMinDate onSaved={saved('founded')} />
        </State>
      </div>
    </Section>
  );
}
