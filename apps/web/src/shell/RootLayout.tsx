import { useState } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useHref, useMatch, useNavigate } from 'react-router';
import { useSignOut } from '../features/auth/mutations';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { HeaderSearch } from '../features/search/HeaderSearch';
import { UploadPanel } from '../features/uploads/UploadPanel';
import { isSignedIn, type SignedInSession, useSession, useSessionLanguage } from '../lib/session';
// The shell loads on every page: it takes the one widget it shows, not the whole toolkit (and what the toolkit imports).
import { Avatar } from '../toolkit/widgets/Avatar';
import { Button } from '../ui/Button';
import { Alert } from '../ui/Feedback';
import { CookieConsentProvider, useCookieConsent } from './CookieConsent';
import { Drawer } from './Drawer';
import { LoadingIndicator } from './LoadingIndicator';
import { useTrialExtension } from './useTrialExtension';

/** The layout around every route: skip link, header with navigation, main landmark, consent and loading. */
export function RootLayout() {
  const { t } = useTranslation();
  useSessionLanguage();
  const navigate = useNavigate();
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
        <UploadPanel />
      </CookieConsentProvider>
    </AriaRouterProvider>
  );
}

function NavLinks({ session, onNavigate }: { session: SignedInSession; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const className = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-link nav-link--active' : 'nav-link');
  // Everything inside a brand (its libraries, assets, guidelines) is under "Brands".
  const inBrand = useMatch('/brands/*') !== null;
  return (
    <ul className="nav-list">
      <li>
        {inBrand ? (
          // Inside a brand the dashboard link marks the section the page belongs to (not the page itself).
          <Link to="/" className="nav-link nav-link--active" aria-current="true" onClick={onNavigate}>
            {t('nav.brands')}
          </Link>
        ) : (
          <NavLink to="/" end className={className} onClick={onNavigate}>
            {t('nav.brands')}
          </NavLink>
        )}
      </li>
      <li>
        <NavLink to="/usage" className={className} onClick={onNavigate}>
          {t('nav.usage')}
        </NavLink>
      </li>
      {session.account.is_admin ? (
        <li>
          <NavLink to="/admin/users" className={className} onClick={onNavigate}>
            {t('nav.users')}
          </NavLink>
        </li>
      ) : null}
      {session.account.is_admin && session.account.feature_flags.includes('USER_GROUPS') ? (
        <li>
          <NavLink to="/admin/groups" className={className} onClick={onNavigate}>
            {t('nav.groups')}
          </NavLink>
        </li>
      ) : null}
    </ul>
  );
}

/** The signed-in user's avatar image (set on /profile), or their initials. */
function UserAvatar({ user, size }: { user: SignedInSession['user']; size: 32 | 40 }) {
  return <Avatar name={user.name || user.email} imageUrl={user.avatar} userId={user.id} size={size} />;
}

function Header() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  useTrialExtension(session);
  const [menuOpen, setMenuOpen] = useState(false);
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
            {/* Inside a brand: its asset search (decision 0041). */}
            <HeaderSearch />
            <NotificationBell />
            <Button
              variant="ghost"
              className="header__account"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              onPress={() => setMenuOpen(true)}
            >
              <span className="header__avatar" aria-hidden="true">
                <UserAvatar user={session.user} size={32} />
              </span>
              <span className="header__account-name">{session.user.name || session.user.email}</span>
              <span className="visually-hidden">{t('accountMenu.open')}</span>
              <span className="header__menu-icon" aria-hidden="true">
                ☰
              </span>
            </Button>
            {menuOpen ? <AccountDrawer session={session} onClose={() => setMenuOpen(false)} /> : null}
          </>
        ) : null}
      </div>
    </header>
  );
}

function AccountDrawer({ session, onClose }: { session: SignedInSession; onClose: () => void }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const { cookieSettingsAvailable, openCookieConsent } = useCookieConsent();
  // Still busy once signed out, until the full page load replaces this page.
  const signingOut = signOut.isPending || signOut.isSuccess;
  const failed = signOut.isError;

  return (
    <Drawer label={t('accountMenu.label')} onClose={onClose} title={<span className="drawer__title-text">{t('accountMenu.title')}</span>}>
      <div className="account-menu">
        <div className="account-menu__user">
          <span aria-hidden="true">
            <UserAvatar user={session.user} size={40} />
          </span>
          <div>
            <p className="account-menu__name">{session.user.name || session.user.email}</p>
            <p className="account-menu__email">{session.user.email}</p>
            <p className="account-menu__account">
              {t('accountMenu.accountRole', { account: session.account.name, role: t(`roles.${session.account.role}`) })}
            </p>
          </div>
        </div>
        <nav aria-label={t('nav.menu')} className="account-menu__nav">
          <NavLinks session={session} onNavigate={onClose} />
          <ul className="nav-list account-menu__settings">
            <li>
              <NavLink to="/profile" className={({ isActive }) => (isActive ? 'nav-link nav-link--active' : 'nav-link')} onClick={onClose}>
                {t('nav.profile')}
              </NavLink>
            </li>
          </ul>
          {session.account.is_admin ? (
            <ul className="nav-list account-menu__settings">
              <li>
                <NavLink
                  to="/settings/account"
                  className={({ isActive }) => (isActive ? 'nav-link nav-link--active' : 'nav-link')}
                  onClick={onClose}
                >
                  {t('nav.accountSettings')}
                </NavLink>
              </li>
              <li>
                <NavLink
                  to={`/errorpagebuilder/${session.account.id}/404`}
                  className={({ isActive }) => (isActive ? 'nav-link nav-link--active' : 'nav-link')}
                  onClick={onClose}
                >
                  {t('nav.errorPages')}
                </NavLink>
              </li>
              <li>
                <NavLink
                  to="/loginpagebuilder"
                  end
                  className={({ isActive }) => (isActive ? 'nav-link nav-link--active' : 'nav-link')}
                  onClick={onClose}
                >
                  {t('nav.loginPage')}
                </NavLink>
              </li>
            </ul>
          ) : null}
          {cookieSettingsAvailable ? (
            <ul className="nav-list account-menu__settings">
              <li>
                <Button
                  variant="ghost"
                  className="nav-link account-menu__cookies"
                  onPress={() => {
                    onClose();
                    openCookieConsent();
                  }}
                >
                  {t('cookieConsent.settingsButton')}
                </Button>
              </li>
            </ul>
          ) : null}
        </nav>
        {failed ? <Alert>{t('accountMenu.signOutFailed')}</Alert> : null}
        <Button variant="secondary" className="account-menu__sign-out" onPress={() => signOut.mutate()} isPending={signingOut}>
          {signingOut ? t('accountMenu.signingOut') : t('accountMenu.signOut')}
        </Button>
      </div>
    </Drawer>
  );
}
