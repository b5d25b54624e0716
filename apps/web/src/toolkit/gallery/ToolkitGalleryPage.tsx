import type { FrameValue, HotspotValue, LogoValue } from '@emblem/core';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../editor/RichTextEditor';
import { TOOLBAR_SET_NAMES, type ToolbarSet } from '../editor/toolbar';
import { DeleteConfirmation, EmailChangeSetting, PasswordSetting } from '../fields/AccountSettings';
import { AttachmentsSetting } from '../fields/AttachmentsSetting';
import {
  CheckboxGroupSetting,
  ChooserSetting,
  DropdownSetting,
  HeaderSizeSetting,
  PositionSetting,
  RadioSetting,
  RatioSetting,
  RoleSetting,
  SearchChooserSetting,
  ToggleSetting,
} from '../fields/ChoiceSettings';
import { ColorListSetting, ColorSetting } from '../fields/ColorSettings';
import { DateSetting } from '../fields/DateSetting';
import { ImageSetting } from '../fields/ImageSetting';
import { LinkSetting, TreeSetting } from '../fields/LinkSetting';
import { ListSetting } from '../fields/ListSetting';
import { BorderSetting, FrameSetting, HotspotSetting, LogoSetting, MeasureSetting, MultivalueSetting } from '../fields/MeasureSettings';
import { RichSnippetSetting, RichTextSetting } from '../fields/RichTextSetting';
import { ButtonStyleSetting, type TypographyStyle, TypographyStyleSetting } from '../fields/StyleSettings';
import { SnippetTextSetting, TextSetting, TimeSetting } from '../fields/TextSetting';
import { GroupsSetting, UserCheckboxListSetting, UserGroupListSetting } from '../fields/UserSettings';
import { SettingsGroup } from '../setting/SettingsGroup';
import { AVATAR_BACKGROUNDS, AVATAR_BORDERS, AVATAR_SIZES, AVATAR_STATUSES, Avatar, dispatchAvatarUpdate } from '../widgets/Avatar';
import { Icon } from '../widgets/Icon';
import { LINK_CHOOSER_MODAL_ID, LinkChooserModal, type LinkTreeDocument } from '../widgets/LinkChooser';
import { closeModal, Modal, ModalTrigger, openModal } from '../widgets/Modal';
import { FeatureEnableLink, ToolkitTabs } from '../widgets/Tabs';
import { BUTTON_BACKGROUNDS, BUTTON_SIZES, BUTTON_STYLES, ToolkitButton } from '../widgets/ToolkitButton';
import { type PickerGroup, type PickerUserEntry, UserGroupAddDialog } from '../widgets/UserGroupAddDialog';

const USERS: PickerUserEntry[] = [
  { id: 2, name: 'Bea Brand', email: 'bea@example.com' },
  { id: 3, name: 'Carl Creative', email: 'carl@example.com' },
  { id: 4, name: null, email: 'pending@example.com' },
  { id: 5, name: 'Dora Declined', email: 'dora@example.com', subscribed: false },
  { id: 6, name: 'Emil Editor', email: 'emil@example.com' },
];

const GROUPS: PickerGroup[] = [
  { id: 10, name: 'Design team', account_id: 1, user_ids: [2, 3] },
  { id: 11, name: 'Marketing', account_id: 1, user_ids: [6] },
  { id: 20, name: 'Agency partners', account_id: 2, account_name: 'Northwind Agency', user_ids: [30, 31] },
];

const TREE: LinkTreeDocument[] = [
  {
    document_title: 'Brand guidelines',
    document_mode: 'DEFAULT',
    url: '/document/1',
    categories: [
      {
        category_title: 'Basics',
        pages: [
          {
            page_title: 'Logo',
            url: '/document/1#/basics/logo',
            headings: [{ id: 1, title: 'Clear space', url: '/document/1#/basics/logo/clear-space' }],
          },
          { page_title: 'Colours', url: '/document/1#/basics/colours' },
        ],
      },
    ],
  },
  { document_title: 'Media library', document_mode: 'MEDIALIBRARY', url: '/document/2', categories: [] },
];

const TYPE_STYLE: TypographyStyle = {
  family: 'system-ui',
  family_css: 'system-ui, sans-serif',
  provider: 'system',
  weight: 700,
  size: '24px',
  line_height: '1.3',
  color: { rgb: 'rgb(31, 36, 36)', hex: '#1F2424', alpha: 100 },
  uppercase: false,
  italic: false,
  underline: false,
  letterspacing: '0.5',
};

const SAMPLE_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#1b3a6b"/><stop offset="1" stop-color="#1e7b45"/></linearGradient></defs><rect width="1600" height="900" fill="url(#g)"/><circle cx="800" cy="450" r="220" fill="#f4c542"/></svg>',
  );

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="gallery__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

function State({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div>
      <p className="gallery__state">{name}</p>
      {children}
    </div>
  );
}

/**
 * The toolkit gallery (issue 4): every field kind in every state, and every widget. Settings here have no api
 * path (they save locally) unless they show the server's refusal; the save log lists what was saved.
 */
export function ToolkitGalleryPage() {
  const { t } = useTranslation();
  const [log, setLog] = useState<{ id: number; text: string }[]>([]);
  const counter = useRef(0);
  const entry = useCallback((text: string) => {
    counter.current += 1;
    return { id: counter.current, text };
  }, []);
  const saved = useCallback(
    (name: string) => (value: unknown) => setLog((l) => [entry(`${name} = ${JSON.stringify(value)}`), ...l].slice(0, 30)),
    [entry],
  );
  const [addOpen, setAddOpen] = useState(false);
  const [added, setAdded] = useState('');
  const [chosenLink, setChosenLink] = useState('');
  const [set, setSet] = useState<ToolbarSet>('full');
  const [buttonBusy, setButtonBusy] = useState(false);
  const [presses, setPresses] = useState(0);
  const [eventLog, setEventLog] = useState<{ id: number; text: string }[]>([]);
  const setEvents = (update: (events: string[]) => string[]) =>
    setEventLog((current) => {
      const [text] = update([]);
      return text ? [entry(text), ...current].slice(0, 30) : current;
    });

  const sections: [string, string][] = [
    ['inline', t('toolkit.gallery.sections.inline')],
    ['choice', t('toolkit.gallery.sections.choice')],
    ['measures', t('toolkit.gallery.sections.measures')],
    ['colour', t('toolkit.gallery.sections.colour')],
    ['type', t('toolkit.gallery.sections.type')],
    ['lists', t('toolkit.gallery.sections.lists')],
    ['links', t('toolkit.gallery.sections.links')],
    ['images', t('toolkit.gallery.sections.images')],
    ['account', t('toolkit.gallery.sections.account')],
    ['users', t('toolkit.gallery.sections.users')],
    ['widgets', t('toolkit.gallery.sections.widgets')],
  ];

  return (
    <div className="page gallery">
      <title>{t('page.title', { title: t('toolkit.gallery.title') })}</title>
      <div className="page-header">
        <div>
          <h1>{t('toolkit.gallery.title')}</h1>
          <p className="page-header__lead">{t('toolkit.gallery.lead')}</p>
        </div>
      </div>
      <nav className="gallery__nav" aria-label={t('toolkit.gallery.nav')}>
        <ul>
          {sections.map(([id, title]) => (
            <li key={id}>
              <a href={`#${id}`}>{title}</a>
            </li>
          ))}
        </ul>
      </nav>

      <section className="gallery__section" aria-labelledby="gallery-log-title">
        <h2 id="gallery-log-title">{t('toolkit.gallery.log')}</h2>
        <ol className="gallery__log" data-testid="save-log" aria-label={t('toolkit.gallery.log')}>
          {log.length === 0 ? <li>{t('toolkit.gallery.logEmpty')}</li> : log.map((item) => <li key={item.id}>{item.text}</li>)}
        </ol>
      </section>

      <SettingsGroup>
        <Section id="inline" title={sections[0]![1]}>
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
              <TextSetting
                name="subtitle"
                label="Subtitle"
                value="Everything about our brand"
                onSaved={saved('subtitle')}
                autosave={false}
              />
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

        <Section id="choice" title={sections[1]![1]}>
          <div className="gallery__grid">
            <ToggleSetting name="public" label="Public guideline" value={true} onSaved={saved('public')} />
            <ToggleSetting<'yes' | 'no'>
              name="newsletter"
              label="Newsletter (custom values)"
              value="no"
              trueValue="yes"
              falseValue="no"
              onSaved={saved('newsletter')}
            />
            <ToggleSetting name="locked" label="Locked (readonly)" value={false} readonly />
            <DropdownSetting<string>
              name="layout"
              label="Layout"
              value="grid"
              options={[
                { value: 'grid', label: 'Grid' },
                { value: 'list', label: 'List' },
                { value: 'masonry', label: 'Masonry' },
              ]}
              onSaved={saved('layout')}
            />
            <RoleSetting name="role" label="Role" value="MEMBER" onSaved={saved('role')} />
            <ChooserSetting<string>
              name="theme"
              label="Theme"
              value="light"
              options={[
                { value: 'light', label: 'Light', description: 'Dark text on white' },
                { value: 'dark', label: 'Dark', description: 'Light text on black' },
                { value: 'brand', label: 'Brand', disabled: true, description: 'Needs a brand colour' },
              ]}
              onSaved={saved('theme')}
            />
            <RatioSetting name="ratio" label="Ratio" value="16:9" onSaved={saved('ratio')} />
            <PositionSetting name="anchor" label="Position" value="center" onSaved={saved('anchor')} />
            <HeaderSizeSetting name="headerSize" label="Header size" value="medium" onSaved={saved('headerSize')} />
            <CheckboxGroupSetting<string>
              name="channels"
              label="Channels (1 to 2)"
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
              label="Alignment"
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
              label="Country"
              value="CH"
              options={['AT', 'BE', 'CH', 'DE', 'DK', 'ES', 'FI', 'FR', 'GB', 'IE', 'IT', 'NL', 'NO', 'PL', 'PT', 'SE'].map((c) => ({
                value: c,
                label: c,
              }))}
              onSaved={saved('country')}
            />
          </div>
        </Section>

        <Section id="measures" title={sections[2]![1]}>
          <div className="gallery__grid">
            <MeasureSetting name="spacing" label="Spacing" value="24px" min={0} max={200} onSaved={saved('spacing')} />
            <MultivalueSetting
              name="sizes"
              label="Sizes (0–100)"
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
              label="Fonts"
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
              label="Colours"
              variant="colors"
              min={0}
              max={100}
              value={{ items: [{ id: 'p', label: 'Primary', value: 100, color: { rgb: 'rgb(27, 58, 107)', id: 1 } }] }}
              onSaved={saved('swatches')}
            />
            <BorderSetting
              name="border"
              label="Border"
              value={{ width: 1, radius: 8, color: { rgb: 'rgb(138, 144, 144)', alpha: 100 } }}
              onSaved={saved('border')}
            />
            <FrameSetting
              name="frame"
              label="Frame"
              value={{ top: 8, right: 16, bottom: 8, left: 16 } satisfies FrameValue}
              onSaved={saved('frame')}
            />
            <HotspotSetting
              name="hotspot"
              label="Hotspot"
              value={{ x: 10, y: 20, width: 200, height: 100 } satisfies HotspotValue}
              lockAspectRatio
              onSaved={saved('hotspot')}
            />
            <LogoSetting
              name="logo"
              label="Logo"
              value={{ x: 0, y: 0, width: 120, height: 'auto' } satisfies LogoValue}
              aspectRatio={3}
              onSaved={saved('logo')}
            />
          </div>
        </Section>

        <Section id="colour" title={sections[3]![1]}>
          <div className="gallery__grid">
            <ColorSetting
              name="accent"
              label="Accent colour"
              value={{ rgb: 'rgb(29, 95, 209)', hex: '#1D5FD1', alpha: 100 }}
              onSaved={saved('accent')}
            />
            <ColorSetting
              name="unparsable"
              label="Unparsable colour (shows transparent white)"
              value={{ rgb: 'not-a-colour' }}
              onSaved={saved('unparsable')}
            />
            <ColorListSetting
              name="palette"
              label="Colour list"
              value={[{ rgb: 'rgb(27, 58, 107)', alpha: 100 }]}
              onSaved={saved('palette')}
            />
            <ColorListSetting
              name="restricted"
              label="Colour list (restricted)"
              value={[]}
              restrictions={{
                allowed: [
                  { id: 1, css_value: '#1b3a6b', name: 'Blue dark' },
                  { id: 2, css_value: '#f4c542', name: 'Yellow' },
                ],
              }}
              onSaved={saved('restricted')}
            />
            <ColorListSetting name="nopalettes" label="Colour list (no palettes)" value={[]} paletteId={0} noStyleguide />
          </div>
        </Section>

        <Section id="type" title={sections[4]![1]}>
          <div className="gallery__grid">
            <TypographyStyleSetting name="heading" label="Heading style" value={TYPE_STYLE} margins onSaved={saved('heading')} />
            <TypographyStyleSetting
              name="linkStyle"
              label="Link style"
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
              label="Button style"
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

        <Section id="lists" title={sections[5]![1]}>
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

        <Section id="links" title={sections[6]![1]}>
          <div className="gallery__grid">
            <LinkSetting
              name="website"
              label="Website"
              value={{ url: 'https://example.com', newWindow: true }}
              loadTree={async () => TREE}
              onSaved={saved('website')}
            />
            <LinkSetting name="emptyLink" label="Empty link" value={{ url: '' }} internal={false} onSaved={saved('emptyLink')} />
            <RichTextSetting
              name="intro"
              label="Introduction"
              value="<p>Our <strong>brand</strong> in one paragraph.</p>"
              set="post"
              onSaved={saved('intro')}
            />
            <RichSnippetSetting
              name="richSnippet"
              label="Rich snippet"
              value="<p>Select text to format it.</p>"
              onSaved={saved('richSnippet')}
            />
            <RichTextSetting name="richReadonly" label="Rich text (disabled, empty)" value="" readonly placeholder="Nothing written yet" />
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
            label={`Editor (${set})`}
            value="<p>Try the <a href='https://example.com'>toolbar</a> of this set.</p>"
            set={set}
            onSave={saved(`editor-${set}`)}
          />
        </Section>

        <Section id="images" title={sections[7]![1]}>
          <div className="gallery__grid">
            <ImageSetting
              name="keyVisual"
              label="Key visual"
              value={{ url: SAMPLE_IMAGE, crop: null, ratio: 'original', id: null, file_id: null, width: 1600, height: 900 }}
              maxFileSize={5 * 1024 * 1024}
              onSaved={saved('keyVisual')}
            />
            <ImageSetting
              name="emptyImage"
              label="Empty image"
              value={{ url: null, crop: null, ratio: 'square' }}
              maxFileSize={1024 * 1024}
              onSaved={saved('emptyImage')}
            />
            <AttachmentsSetting
              label="Attachments (can edit)"
              canEdit
              value={[
                { id: 1, filename: 'guide.pdf', title: 'Brand guide', extension: 'pdf', filesize_human: '2.1 MB', link: '/files/1' },
                { id: 2, filename: 'logo.zip', title: 'Logo package', extension: 'zip', filesize_human: '14 MB' },
              ]}
            />
            <AttachmentsSetting
              label="Attachments (view only)"
              canEdit={false}
              value={[{ id: 3, filename: 'fonts.zip', title: 'Fonts', extension: 'zip' }]}
            />
          </div>
        </Section>

        <Section id="account" title={sections[8]![1]}>
          <div className="gallery__grid">
            <PasswordSetting label="Password" />
            <EmailChangeSetting
              label="E-mail (verified)"
              email="ada@example.com"
              verifiedAt="2026-01-01T00:00:00Z"
              api="/api/toolkit-gallery/email"
              verifyApi="/api/toolkit-gallery/verify"
            />
            <EmailChangeSetting
              label="E-mail (not verified)"
              email="new@example.com"
              verifiedAt={null}
              api="/api/toolkit-gallery/email"
              verifyApi="/api/toolkit-gallery/verify"
            />
            <DeleteConfirmation label="Delete example…" subject="the example" api="/api/toolkit-gallery/delete" />
          </div>
        </Section>

        <Section id="users" title={sections[9]![1]}>
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
      </SettingsGroup>

      <Section id="widgets" title={sections[10]![1]}>
        <h3>{t('toolkit.gallery.widgets.modal')}</h3>
        <div className="gallery__row">
          <ModalTrigger modalId="gallery-modal">{t('toolkit.gallery.openModal')}</ModalTrigger>
          <ModalTrigger modalId="gallery-locked">{t('toolkit.gallery.openLocked')}</ModalTrigger>
          <ModalTrigger modalId="gallery-full" fullPage>
            {t('toolkit.gallery.openFull')}
          </ModalTrigger>
        </div>
        <Modal
          id="gallery-modal"
          title={t('toolkit.gallery.modalTitle')}
          onOpened={() => setEvents((e) => ['modal-opened gallery-modal', ...e])}
        >
          <p>{t('toolkit.gallery.modalText')}</p>
          <ModalTrigger modalId="gallery-stacked">{t('toolkit.gallery.openStacked')}</ModalTrigger>
        </Modal>
        <Modal id="gallery-stacked" title={t('toolkit.gallery.stackedTitle')} size="sm">
          <p>{t('toolkit.gallery.stackedText')}</p>
        </Modal>
        <Modal id="gallery-locked" title={t('toolkit.gallery.lockedTitle')} closeable={false} size="sm">
          <p>{t('toolkit.gallery.lockedText')}</p>
          <ToolkitButton buttonStyle="primary" onPress={() => closeModal('gallery-locked', { force: true })}>
            {t('toolkit.gallery.forceClose')}
          </ToolkitButton>
        </Modal>
        <Modal id="gallery-full" title={t('toolkit.gallery.fullTitle')}>
          <p>{t('toolkit.gallery.modalText')}</p>
        </Modal>

        <h3>{t('toolkit.gallery.widgets.tabs')}</h3>
        <ToolkitTabs
          label={t('toolkit.gallery.widgets.tabs')}
          defaultSelectedId="one"
          onSwitch={(id) => setEvents((e) => [`tab-switched ${id}`, ...e])}
          tabs={[
            { id: 'one', label: 'Overview', count: 3, content: <p>Overview pane.</p> },
            { id: 'two', label: 'Details', content: <p>Details pane.</p> },
            {
              id: 'three',
              label: 'Analytics',
              content: (
                <p>
                  Analytics needs an upgrade.{' '}
                  <FeatureEnableLink feature="ANALYTICS" onStart={(f) => setEvents((e) => [`feature-upgrade ${f}`, ...e])} />
                </p>
              ),
            },
          ]}
        />
        <ol className="gallery__log" aria-label={t('toolkit.gallery.events')}>
          {eventLog.length === 0 ? <li>{t('toolkit.gallery.logEmpty')}</li> : eventLog.map((item) => <li key={item.id}>{item.text}</li>)}
        </ol>

        <h3>{t('toolkit.gallery.widgets.avatar')}</h3>
        <div className="gallery__row">
          {AVATAR_SIZES.map((size) => (
            <Avatar key={size} name="Ada Admin" size={size} status={size === 80 ? 'approved' : 'no'} />
          ))}
        </div>
        <div className="gallery__row">
          {AVATAR_BACKGROUNDS.map((bg) => (
            <Avatar key={bg} name={`Bg ${bg}`} backgroundColor={bg} size={40} />
          ))}
          {AVATAR_BORDERS.map((border) => (
            <Avatar key={border} name={`Border ${border}`} border={border} size={40} />
          ))}
          <span className="surface surface--black-90">
            <Avatar name="Dark Theme" theme="dark" backgroundColor="black-10" size={40} />
          </span>
        </div>
        <div className="gallery__row">
          {AVATAR_STATUSES.map((status) => (
            <Avatar key={status} name={`Status ${status}`} status={status} size={40} />
          ))}
          <Avatar name="Broken Image" imageUrl="/no-such-image.png" size={40} />
          <Avatar name="" size={40} />
          <Avatar name="Disabled User" state="disabled" size={40} />
          <Avatar name="Carl Creative" userId={3} showPopup size={40} />
          <ToolkitButton size="small" onPress={() => dispatchAvatarUpdate({ userId: 3, name: 'Carl Renamed' })}>
            {t('toolkit.gallery.updateAvatar')}
          </ToolkitButton>
        </div>

        <h3>{t('toolkit.gallery.widgets.button')}</h3>
        {BUTTON_BACKGROUNDS.map((background) => (
          <div key={background} className={`gallery__row surface surface--${background}`}>
            {BUTTON_STYLES.map((style) => (
              <ToolkitButton key={style} buttonStyle={style} background={background} icon={<Icon name="plus" size="sm" />}>
                {`${style} on ${background}`}
              </ToolkitButton>
            ))}
          </div>
        ))}
        <div className="gallery__row">
          {BUTTON_SIZES.map((size) => (
            <ToolkitButton key={size} size={size} onPress={() => setPresses((p) => p + 1)}>
              {size}
            </ToolkitButton>
          ))}
          <ToolkitButton isDisabled onPress={() => setPresses((p) => p + 1)}>
            {t('toolkit.gallery.disabled')}
          </ToolkitButton>
          <ToolkitButton
            buttonStyle="primary"
            inProgress={buttonBusy}
            icon={<Icon name="check" size="sm" />}
            onPress={() => {
              setPresses((p) => p + 1);
              setButtonBusy(true);
              setTimeout(() => setButtonBusy(false), 1500);
            }}
          >
            {t('toolkit.gallery.inProgress')}
          </ToolkitButton>
          <output aria-live="polite">{t('toolkit.gallery.presses', { count: presses })}</output>
        </div>

        <h3>{t('toolkit.gallery.widgets.addDialog')}</h3>
        <div className="gallery__row">
          <ToolkitButton onPress={() => setAddOpen(true)}>{t('toolkit.gallery.openAddDialog')}</ToolkitButton>
          {added ? <span>{added}</span> : null}
        </div>
        <UserGroupAddDialog
          isOpen={addOpen}
          onOpenChange={setAddOpen}
          users={USERS}
          groups={GROUPS}
          crossAccountGroups
          currentAccountId={1}
          onSubmit={(selection) => setAdded(JSON.stringify(selection))}
        />

        <h3>{t('toolkit.gallery.widgets.linkChooser')}</h3>
        <div className="gallery__row">
          <ToolkitButton onPress={() => openModal(LINK_CHOOSER_MODAL_ID)}>{t('toolkit.gallery.openLinkChooser')}</ToolkitButton>
          {chosenLink ? <code>{chosenLink}</code> : null}
        </div>
        <LinkChooserModal loadTree={async () => TREE} onChoose={(value) => setChosenLink(value.url)} />
        <p className="muted">{t('toolkit.gallery.folderPicker')}</p>
      </Section>
    </div>
  );
}
