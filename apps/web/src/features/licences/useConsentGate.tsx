import type { ConsentRequiredDetails } from '@emblem/core';
import { useCallback, useState } from 'react';
import { acceptConsent, consentFor } from './api';
import { UsageConsentDialog } from './UsageConsentDialog';

type Pending = { assetIds: number[]; details: ConsentRequiredDetails | null; run: (token: string | null) => void };

/**
 * Wraps a download of assets: when one of them asks for a usage consent, the dialog shows its terms first; the
 * download then runs with the consent token (decision 0031). Without such assets it runs at once, without a token.
 */
export function useConsentGate() {
  const [pending, setPending] = useState<Pending | null>(null);
  const gate = useCallback((assets: { id: number; requires_consent: boolean }[], run: (token: string | null) => void) => {
    if (!assets.some((a) => a.requires_consent)) {
      run(null);
      return;
    }
    const assetIds = assets.map((a) => a.id);
    setPending({ assetIds, details: null, run });
    consentFor(assetIds).then(
      (details) => {
        if (details.assets.length === 0) {
          setPending(null);
          run(null);
        } else setPending((p) => (p && p.assetIds === assetIds ? { ...p, details } : p));
      },
      () => setPending(null),
    );
  }, []);
  /**
   * For a download the server refused (409 "Consent required", see `consentAskedBy`): shows the terms it named;
   * Accept records them for those assets and runs the download again with the token.
   */
  const offer = useCallback((details: ConsentRequiredDetails, run: (token: string) => void) => {
    setPending({ assetIds: details.assets.map((a) => a.id), details, run: (token) => token && run(token) });
  }, []);
  const dialog = (
    <UsageConsentDialog
      isOpen={pending !== null}
      details={pending?.details ?? null}
      assetCount={pending?.assetIds.length ?? 1}
      onDecline={() => setPending(null)}
      onAccept={async (licenceIds) => {
        if (!pending) return;
        const grant = await acceptConsent(pending.assetIds, licenceIds);
        setPending(null);
        pending.run(grant.consent_token);
      }}
    />
  );
  return { gate, offer, dialog };
}
