import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSignOut } from '../features/auth/mutations';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { HeaderSearch } from '../features/search/HeaderSearch';
import type { SignedInSession } from '../lib/session';
// The shell takes the one widget it shows, not the whole toolkit (and what the toolkit imports).
import { Avatar } from '../toolkit/widgets/Avatar';
import { Button } from '../ui/Button';
import { Alert } from '../ui/Feedback';
import { useCookieConsent } from './CookieConsent';
import { Drawer } from './Drawer';
import { NavLinks } from './NavLinks';

// Uploads only start from signed-in pages: their panel comes with the signed-in shell.
export { UploadPanel } from '../features/uploads/UploadPanel';

/**
 * The signed-in part of the header: the brand's asset search, the notification bell and the account button with its
 * drawer. RootLayout loads this module once someone is signed in, so the sign-in pages do not load it.
 */
export function HeaderTools({ session }: { session: SignedInSession }) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <>
      {/* Inside a brand: its asset search (decision 0041). */}
      <HeaderSearch />
      <NotificationBell />
      <Button variant="ghost" className="header__account" aria-haspopup="dialog" aria-expanded={menuOpen} onPress={() => setMenuOpen(true)}>
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
  );
}

/** The signed-in user's avatar image (set on /profile), or their initials. */
function UserAvatar({ user, size }: { user: SignedInSession['user']; size: 32 | 40 }) {
  return <Avatar name={user.name || user.email} imageUrl={user.avatar} userId={user.id} size={size} />;
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
