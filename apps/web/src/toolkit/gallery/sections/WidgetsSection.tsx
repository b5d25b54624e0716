import { useTranslation } from 'react-i18next';
import { closeModal, Modal, ModalTrigger } from '../../widgets/Modal';
import { FeatureEnableLink, ToolkitTabs } from '../../widgets/Tabs';
import { ToolkitButton } from '../../widgets/ToolkitButton';
import { Section, useGalleryLog } from '../layout';
import { AddDialogDemo, AvatarDemo, ButtonDemo, LinkChooserDemo } from './widgetDemos';

/** Widgets: modals (stacked, locked, full page) and tabs with their event log, avatars, buttons and dialogs. */
export function WidgetsSection({ title }: { title: string }) {
  const { t } = useTranslation();
  const [eventLog, addEvent] = useGalleryLog();
  return (
    <Section id="widgets" title={title}>
      <h3>{t('toolkit.gallery.widgets.modal')}</h3>
      <div className="gallery__row">
        <ModalTrigger modalId="gallery-modal">{t('toolkit.gallery.openModal')}</ModalTrigger>
        <ModalTrigger modalId="gallery-locked">{t('toolkit.gallery.openLocked')}</ModalTrigger>
        <ModalTrigger modalId="gallery-full" fullPage>
          {t('toolkit.gallery.openFull')}
        </ModalTrigger>
      </div>
      <Modal id="gallery-modal" title={t('toolkit.gallery.modalTitle')} onOpened={() => addEvent('modal-opened gallery-modal')}>
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
        onSwitch={(id) => addEvent(`tab-switched ${id}`)}
        tabs={[
          { id: 'one', label: 'Overview', count: 3, content: <p>{t('toolkit.gallery.samples.overviewPane')}</p> },
          { id: 'two', label: 'Details', content: <p>{t('toolkit.gallery.samples.detailsPane')}</p> },
          {
            id: 'three',
            label: 'Analytics',
            content: (
              <p>
                {t('toolkit.gallery.samples.analyticsNeedsAnUpgrade')}{' '}
                <FeatureEnableLink feature="ANALYTICS" onStart={(f) => addEvent(`feature-upgrade ${f}`)} />
              </p>
            ),
          },
        ]}
      />
      <ol className="gallery__log" aria-label={t('toolkit.gallery.events')}>
        {eventLog.length === 0 ? <li>{t('toolkit.gallery.logEmpty')}</li> : eventLog.map((item) => <li key={item.id}>{item.text}</li>)}
      </ol>

      <AvatarDemo />
      <ButtonDemo />
      <AddDialogDemo />
      <LinkChooserDemo />
      <p className="muted">{t('toolkit.gallery.folderPicker')}</p>
    </Section>
  );
}
