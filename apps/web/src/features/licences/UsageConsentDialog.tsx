import type { ConsentRequiredDetails } from '@emblem/core';
import { useState } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import './consent.css';

export interface UsageConsentDialogProps {
  /** What the download asks consent for (the 409 answer's members, or GET /api/asset/consent). */
  details: ConsentRequiredDetails | null;
  /** How many assets are being downloaded (600 px wide for one, 800 px for several). */
  assetCount: number;
  isOpen: boolean;
  /** Records the acceptance and starts the download; the dialog closes when it resolves. */
  onAccept: (licenceIds: number[]) => Promise<void>;
  onDecline: () => void;
}

/**
 * The usage-consent dialog (routes-access-shell §4, §9): the licence texts and copyright notices of the assets
 * being downloaded; Accept records the consent and downloads, Decline cancels. Exported for the share visitor pages.
 */
export function UsageConsentDialog({ details, assetCount, isOpen, onAccept, onDecline }: UsageConsentDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const many = assetCount > 1;
  const accept = async () => {
    if (!details) return;
    setBusy(true);
    setError(null);
    try {
      await onAccept(details.licences.map((l) => l.id));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen={isOpen}
      onOpenChange={(open) => (!open && !busy ? onDecline() : undefined)}
      isDismissable={!busy}
    >
      <Modal className={`modal usage-consent${many ? ' usage-consent--many' : ''}`} data-testid="usage-consent">
        <AriaDialog className="dialog" role="alertdialog">
          <Heading slot="title" className="dialog__title">
            {t('licences.consent.title')}
          </Heading>
          <p className="dialog__text">{t('licences.consent.intro', { count: assetCount })}</p>
          {details ? (
            <div className="usage-consent__body">
              {details.licences.length > 0 ? (
                <section aria-labelledby="usage-consent-licences">
                  <h3 id="usage-consent-licences">{t('licences.consent.licencesHeading')}</h3>
                  {details.licences.map((l) => (
                    <article key={l.id} className="usage-consent__licence" aria-label={l.title}>
                      <h4>{l.title}</h4>
                      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server keeps only the rich-text allow-list (data-api.md §5) when it stores a licence. */}
                      <div className="rich-text" dangerouslySetInnerHTML={{ __html: l.text }} />
                    </article>
                  ))}
                </section>
              ) : null}
              <section aria-labelledby="usage-consent-notices">
                <h3 id="usage-consent-notices">{t('licences.consent.noticesHeading')}</h3>
                <ul className="usage-consent__notices">
                  {details.assets.map((a) => (
                    <li key={a.id}>
                      <strong>{a.title}</strong>: {a.copyright_notice || t('licences.consent.noNotice')}
                    </li>
                  ))}
                </ul>
              </section>
            </div>
          ) : (
            <p className="dialog__text">{t('licences.consent.loading')}</p>
          )}
          {error ? (
            <p className="field__error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="dialog__actions">
            <Button variant="secondary" onPress={onDecline} isDisabled={busy}>
              {t('licences.consent.decline')}
            </Button>
            <Button variant="primary" onPress={accept} isDisabled={busy || !details}>
              {busy ? t('licences.consent.accepting') : t('licences.consent.accept')}
            </Button>
          </div>
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
