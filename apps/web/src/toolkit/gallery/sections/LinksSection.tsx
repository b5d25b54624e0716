import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../../editor/RichTextEditor';
import { TOOLBAR_SET_NAMES, type ToolbarSet } from '../../editor/toolbar';
import { LinkSetting } from '../../fields/LinkSetting';
import { RichSnippetSetting, RichTextSetting } from '../../fields/RichTextSetting';
import { TREE } from '../fixtures';
import { type Saved, Section } from '../layout';

/** Links and rich text; the rich-text editor with a chosen toolbar set. */
export function LinksSection({ title, saved }: { title: string; saved: Saved }) {
  const { t } = useTranslation();
  const [set, setSet] = useState<ToolbarSet>('full');
  return (
    <Section id="links" title={title}>
      <div className="gallery__grid">
        <LinkSetting
          name="website"
          label={t('toolkit.gallery.samples.website')}
          value={{ url: 'https://example.com', newWindow: true }}
          loadTree={async () => TREE}
          onSaved={saved('website')}
        />
        <LinkSetting
          name="emptyLink"
          label={t('toolkit.gallery.samples.emptyLink')}
          value={{ url: '' }}
          internal={false}
          onSaved={saved('emptyLink')}
        />
        <RichTextSetting
          name="intro"
          label={t('toolkit.gallery.samples.introduction')}
          value="<p>Our <strong>brand</strong> in one paragraph.</p>"
          set="post"
          onSaved={saved('intro')}
        />
        <RichSnippetSetting
          name="richSnippet"
          label={t('toolkit.gallery.samples.richSnippet')}
          value="<p>Select text to format it.</p>"
          onSaved={saved('richSnippet')}
        />
        <RichTextSetting
          name="richReadonly"
          label={t('toolkit.gallery.samples.richTextDisabledEmpty')}
          value=""
          readonly
          placeholder={t('toolkit.gallery.samples.nothingWrittenYet')}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="gallery-set">
          {t('toolkit.gallery.toolbarSet')}
        </label>
        <select id="gallery-set" className="field__input" value={set} onChange={(e) => setSet(e.target.value as ToolbarSet)}>
          {TOOLBAR_SET_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <RichTextEditor
        key={set}
        label={t('toolkit.gallery.samples.editor', { set })}
        value="<p>Try the <a href='https://example.com'>toolbar</a> of this set.</p>"
        set={set}
        onSave={saved(`editor-${set}`)}
      />
    </Section>
  );
}
