import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsGroup } from '../setting/SettingsGroup';
import { useGalleryLog } from './layout';
import { AccountSection } from './sections/AccountSection';
import { ChoiceSection } from './sections/ChoiceSection';
import { ColourSection } from './sections/ColourSection';
import { ImagesSection } from './sections/ImagesSection';
import { InlineSection } from './sections/InlineSection';
import { LinksSection } from './sections/LinksSection';
import { ListsSection } from './sections/ListsSection';
import { MeasuresSection } from './sections/MeasuresSection';
import { TypeSection } from './sections/TypeSection';
import { UsersSection } from './sections/UsersSection';
import { WidgetsSection } from './sections/WidgetsSection';

/**
 * The toolkit gallery (issue 4): every field kind in every state, and every widget. Settings here have no api
 * path (they save locally) unless they show the server's refusal; the save log lists what was saved. Each demo
 * group is a section component in sections/.
 */
export function ToolkitGalleryPage() {
  const { t } = useTranslation();
  const [log, addLog] = useGalleryLog();
  const saved = useCallback((name: string) => (value: unknown) => addLog(`${name} = ${JSON.stringify(value)}`), [addLog]);

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
  const title = (index: number) => sections[index]![1];

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
          {sections.map(([id, sectionTitle]) => (
            <li key={id}>
              <a href={`#${id}`}>{sectionTitle}</a>
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
        <InlineSection title={title(0)} saved={saved} />
        <ChoiceSection title={title(1)} saved={saved} />
        <MeasuresSection title={title(2)} saved={saved} />
        <ColourSection title={title(3)} saved={saved} />
        <TypeSection title={title(4)} saved={saved} />
        <ListsSection title={title(5)} saved={saved} />
        <LinksSection title={title(6)} saved={saved} />
        <ImagesSection title={title(7)} saved={saved} />
        <AccountSection title={title(8)} />
        <UsersSection title={title(9)} saved={saved} />
      </SettingsGroup>

      <WidgetsSection title={title(10)} />
    </div>
  );
}
