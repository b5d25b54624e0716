import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/**
 * A thin bar at the top of the page while the router loads the next page or server data is on its way.
 * It is an indeterminate progressbar with an accessible name.
 */
export function LoadingIndicator() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  // Queries marked `meta.background` (polled listings) show the bar on their first load only, not on every poll.
  const fetching = useIsFetching({ predicate: (query) => !(query.meta?.background && query.state.data !== undefined) });
  const mutating = useIsMutating();
  const busy = navigation.state !== 'idle' || fetching > 0 || mutating > 0;
  if (!busy) return null;
  return (
    <div className="loading-indicator" role="progressbar" aria-label={t('loading.page')} aria-busy="true">
      <div className="loading-indicator__bar" />
    </div>
  );
}
