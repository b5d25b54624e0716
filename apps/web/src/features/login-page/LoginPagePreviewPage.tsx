import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../ui/Button';
import { loginPageQuery, readLoginPage } from './api';
import { PreviewSignInForm } from './LoginPageBuilderPage';
import { LoginPageView } from './LoginPageView';

/** /loginpagebuilder/preview: the sign-in page at full size with the saved settings; nothing can be sent. */
export function LoginPagePreviewPage() {
  const { t } = useTranslation();
  const settings = (useQuery(loginPageQuery).data ?? readLoginPage(null)).settings;
  return (
    <div className="login-preview">
      <title>{t('page.title', { title: t('loginPageBuilder.previewTitle') })}</title>
      <section className="login-preview__bar" aria-label={t('loginPageBuilder.previewTitle')}>
        <p>{t('loginPageBuilder.previewBanner')}</p>
        <LinkButton href="/loginpagebuilder" size="sm">
          {t('loginPageBuilder.backToBuilder')}
        </LinkButton>
      </section>
      <LoginPageView settings={settings}>
        <PreviewSignInForm settings={settings} />
      </LoginPageView>
    </div>
  );
}
