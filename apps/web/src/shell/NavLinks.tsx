import { useTranslation } from 'react-i18next';
import { Link, NavLink, useMatch } from 'react-router';
import type { SignedInSession } from '../lib/session';

/** The main navigation: in the header from md up, and in the account drawer. */
export function NavLinks({ session, onNavigate }: { session: SignedInSession; onNavigate?: () => void }) {
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
