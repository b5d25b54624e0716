import { lazy, Suspense } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useHref, useNavigate } from 'react-router';
import { isSignedIn, useSession, useSessionLanguage } from '../lib/session';
import { CookieConsentProvider } from './CookieConsent';
import { LoadingIndicator } from './LoadingIndicator';
import { NavLinks } from './NavLinks';
import { useTrialExtension } from './useTrialExtension';

/**
 * What only signed-in people use (the header's search, bell and account drawer, the upload panel) loads with its own
 * module, so that the sign-in pages do not load it. The root loader starts loading it as soon as the session says
 * someone is signed in.
 */
export const loadSignedInShell = () => import('./SignedInShell');
const HeaderTools = lazy(() => loadSignedInShell().then((module) => ({ default: module.HeaderTools })));
const UploadPanel = lazy(() => loadSignedInShell().then((module) => ({ default: module.UploadPanel })));

/** The layout around every route: skip link, header with navigation, main landmark, consent and loading. */
export function RootLayout() {
  const { t } = useTranslation();
  useSessionLanguage();
  const navigate = useNavigate();
  const { data: session } = useSession();
  return (
    // React Aria links and tabs navigate through the router instead of reloading the page.
    <AriaRouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useHref}>
      <CookieConsentProvider>
        <a className="skip-link" href="#main">
          {t('shell.skipToContent')}
        </a>
        <LoadingIndicator />
        <Header />
        <main id="main" className="main" tabIndex={-1}>
          <Outlet />
        </main>
        {/* Uploads keep going across pages; their panel stays in view. */}
        {isSignedIn(session) ? (
          <Suspense fallback={null}>
            <UploadPanel />
          </Suspense>
        ) : null}
      </CookieConsentProvider>
    </AriaRouterProvider>
  );
}

function Header() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  useTrialExtension(session);
  const signedIn = isSignedIn(session);

  return (
    <header className="header">
      <div className="header__inner">
        <NavLink to="/" className="header__logo">
          <span className="header__logo-mark" aria-hidden="true">
            E
          </span>
          <span className="header__logo-text">{t('app.name')}</span>
          <span className="visually-hidden">{t('shell.homeSuffix')}</span>
        </NavLink>
        {signedIn ? (
          <>
            <nav className="header__nav" aria-label={t('nav.main')}>
              <NavLinks session={session} />
            </nav>
            {/* While the tools load, an empty box of the account button's height keeps the header as it is. */}
            <Suspense fallback={<span className="header__tools-placeholder" aria-hidden="true" />}>
              <HeaderTools session={session} />
            </Suspense>
          </>
        ) : null}
      </div>
    </header>
  );
}
