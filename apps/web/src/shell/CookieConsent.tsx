import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { type Session, useSession } from '../lib/session';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { type CookieConsentChoice, clearStatisticsStorage, isConsentExcludedPath, readConsent, writeConsent } from './cookieConsentStore';
import { NARROW_SCREEN, useMediaQuery } from './useMediaQuery';

export interface CookieConsentState {
  isCookieConsentOpen: boolean;
  preferencesScriptsEnabled: boolean;
  statisticsScriptsEnabled: boolean;
}

interface CookieConsentContextValue extends CookieConsentState {
  openCookieConsent: () => void;
  /** The consent applies here and its dialog is closed: "Cookie settings" entries (account menu) may reopen it. */
  cookieSettingsAvailable: boolean;
}

const CookieConsentContext = createContext<CookieConsentContextValue | null>(null);

/** What the visitor allowed; optional scripts (preferences, statistics) check this before they run. */
export function useCookieConsent(): CookieConsentContextValue {
  const value = useContext(CookieConsentContext);
  if (!value) throw new Error('useCookieConsent needs <CookieConsentProvider>');
  return value;
}

/**
 * Whether the cookie-consent feature applies: it is a feature flag of each account.
 * Signed-in users follow their account's COOKIE_CONSENT flag. Anonymous visitors (sign-in and invitation
 * pages) have no account whose flag we could read, so the feature counts as on for them: the sign-in page
 * then asks for consent before anything optional is stored. While the session is still loading it is
 * undecided (undefined) and nothing is shown.
 */
export function cookieConsentFeatureOn(session: Session | undefined, sessionFailed = false): boolean | undefined {
  if (!session) return sessionFailed ? true : undefined;
  if (!session.user || !session.account) return true;
  return session.account.feature_flags.includes('COOKIE_CONSENT');
}

function initialState(): CookieConsentState {
  const stored = readConsent();
  return {
    isCookieConsentOpen: stored === null,
    preferencesScriptsEnabled: stored?.preferences ?? false,
    statisticsScriptsEnabled: stored?.statistics ?? false,
  };
}

/** Holds the consent state, shows the dialog on a first visit and the floating button that reopens it. */
export function CookieConsentProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const session = useSession();
  const featureOn = cookieConsentFeatureOn(session.data, session.isError);
  const [state, setState] = useState<CookieConsentState>(initialState);
  // After a choice, focus goes to the floating button instead of being lost with the closed dialog.
  const [chose, setChose] = useState(false);

  const choose = useCallback((choice: CookieConsentChoice) => {
    writeConsent(choice);
    if (!choice.statistics) clearStatisticsStorage();
    setState({ isCookieConsentOpen: false, preferencesScriptsEnabled: choice.preferences, statisticsScriptsEnabled: choice.statistics });
    setChose(true);
  }, []);

  const openCookieConsent = useCallback(() => setState((s) => ({ ...s, isCookieConsentOpen: true })), []);

  const applies = featureOn === true && !isConsentExcludedPath(pathname);
  const cookieSettingsAvailable = applies && !state.isCookieConsentOpen;
  const value = useMemo(
    () => ({ ...state, openCookieConsent, cookieSettingsAvailable }),
    [state, openCookieConsent, cookieSettingsAvailable],
  );
  // On narrow screens a floating button would cover the page: the entry goes to the end of the page (and the account
  // menu) instead.
  const narrow = useMediaQuery(NARROW_SCREEN);

  return (
    <CookieConsentContext.Provider value={value}>
      {applies && state.isCookieConsentOpen ? (
        <CookieConsentDialog
          initial={{ preferences: state.preferencesScriptsEnabled, statistics: state.statisticsScriptsEnabled }}
          onChoose={choose}
        />
      ) : null}
      {children}
      {cookieSettingsAvailable ? (
        narrow ? (
          <CookieSettingsFooter autoFocus={chose} onPress={openCookieConsent} />
        ) : (
          <CookieSettingsButton autoFocus={chose} onPress={openCookieConsent} />
        )
      ) : null}
    </CookieConsentContext.Provider>
  );
}

function CookieConsentDialog({ initial, onChoose }: { initial: CookieConsentChoice; onChoose: (choice: CookieConsentChoice) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const [preferences, setPreferences] = useState(initial.preferences);
  const [statistics, setStatistics] = useState(initial.statistics);
  const ref = useRef<HTMLElement>(null);

  // Reopened from the floating button: move focus into the dialog so keyboard users land in it.
  const wasReopened = useRef(readConsent() !== null);
  useEffect(() => {
    if (wasReopened.current) ref.current?.focus();
  }, []);

  return (
    // Non-modal: the page stays usable; the dialog sits at the bottom and comes first in the tab order.
    <section
      ref={ref}
      className="cookie-consent"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
      tabIndex={-1}
    >
      <h2 id={titleId} className="cookie-consent__title">
        {t('cookieConsent.title')}
      </h2>
      <p id={textId} className="cookie-consent__text">
        {t('cookieConsent.text')}
      </p>
      <div className="cookie-consent__options">
        <Checkbox isSelected isDisabled description={t('cookieConsent.essentialDescription')}>
          {t('cookieConsent.essential')}
        </Checkbox>
        <Checkbox isSelected={preferences} onChange={setPreferences} description={t('cookieConsent.preferencesDescription')}>
          {t('cookieConsent.preferences')}
        </Checkbox>
        <Checkbox isSelected={statistics} onChange={setStatistics} description={t('cookieConsent.statisticsDescription')}>
          {t('cookieConsent.statistics')}
        </Checkbox>
      </div>
      <div className="cookie-consent__actions">
        <Button variant="secondary" onPress={() => onChoose({ preferences: false, statistics: false })}>
          {t('cookieConsent.reject')}
        </Button>
        <Button variant="secondary" onPress={() => onChoose({ preferences, statistics })}>
          {t('cookieConsent.save')}
        </Button>
        <Button variant="primary" onPress={() => onChoose({ preferences: true, statistics: true })}>
          {t('cookieConsent.acceptAll')}
        </Button>
      </div>
    </section>
  );
}

/** Narrow screens: the cookie entry as a line at the end of the page, in the flow, so it covers nothing. */
function CookieSettingsFooter({ onPress, autoFocus }: { onPress: () => void; autoFocus: boolean }) {
  const { t } = useTranslation();
  return (
    <footer className="app-footer">
      <Button variant="ghost" size="sm" className="app-footer__cookies" autoFocus={autoFocus} onPress={onPress}>
        {t('cookieConsent.settingsButton')}
      </Button>
    </footer>
  );
}

function CookieSettingsButton({ onPress, autoFocus }: { onPress: () => void; autoFocus: boolean }) {
  const { t } = useTranslation();
  return (
    <Button
      className="cookie-settings-button"
      variant="secondary"
      autoFocus={autoFocus}
      aria-label={t('cookieConsent.settingsButton')}
      onPress={onPress}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 1 0 10 10 4 4 0 0 1-4-4 4 4 0 0 1-4-4 2 2 0 0 1-2-2Zm-3.5 8a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm3 5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm5-1a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z"
        />
      </svg>
    </Button>
  );
}
