import { DeleteConfirmation } from '../../fields/DeleteConfirmation';
import { EmailChangeSetting } from '../../fields/EmailChangeSetting';
import { PasswordSetting } from '../../fields/PasswordSetting';
import { Section } from '../layout';

/** Account and deletion: these settings show the server's refusal. */
export function AccountSection({ title }: { title: string }) {
  return (
    <Section id="account" title={title}>
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
  );
}
