import { useTranslation } from 'react-i18next';
import { DeleteConfirmation } from '../../fields/DeleteConfirmation';
import { EmailChangeSetting } from '../../fields/EmailChangeSetting';
import { PasswordSetting } from '../../fields/PasswordSetting';
import { Section } from '../layout';

/** Account and deletion: these settings show the server's refusal. */
export function AccountSection({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Section id="account" title={title}>
      <div className="gallery__grid">
        <PasswordSetting label={t('toolkit.gallery.samples.password')} />
        <EmailChangeSetting
          label={t('toolkit.gallery.samples.eMailVerified')}
          email="ada@example.com"
          verifiedAt="2026-01-01T00:00:00Z"
          api="/api/toolkit-gallery/email"
          verifyApi="/api/toolkit-gallery/verify"
        />
        <EmailChangeSetting
          label={t('toolkit.gallery.samples.eMailNotVerified')}
          email="new@example.com"
          verifiedAt={null}
          api="/api/toolkit-gallery/email"
          verifyApi="/api/toolkit-gallery/verify"
        />
        <DeleteConfirmation label={t('toolkit.gallery.samples.deleteExample')} subject="the example" api="/api/toolkit-gallery/delete" />
      </div>
    </Section>
  );
}
