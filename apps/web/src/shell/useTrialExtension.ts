import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../lib/api';
import { type Session, sessionQueryKey } from '../lib/session';

/**
 * An expired trial of a paid plan is extended as soon as an admin who may extend it is signed in (the session
 * says so: not FREE, the trial is over, never extended): the app asks the server once, then starts again at the
 * root with the refreshed session. A refusal (someone extended it meanwhile) leaves the page as it is.
 */
export function useTrialExtension(session: Session | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const asked = useRef<number | null>(null);
  const accountId = session?.account?.trial_extension_available ? session.account.id : null;
  useEffect(() => {
    if (accountId === null || asked.current === accountId) return;
    asked.current = accountId;
    void api('/api/account/trial-extend').then(
      async () => {
        await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        await navigate('/', { replace: true });
      },
      () => {},
    );
  }, [accountId, queryClient, navigate]);
}
