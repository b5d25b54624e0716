import { useTranslation } from 'react-i18next';

/** Shown while the first page's data loads. */
export function AppLoading() {
  const { t } = useTranslation();
  return (
    <div className="app-loading" role="progressbar" aria-label={t('loading.app')} aria-busy="true">
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
