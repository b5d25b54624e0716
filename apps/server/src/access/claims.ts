import { AsyncLocalStorage } from 'node:async_hooks';
import { type IdKind, setIdClaimRecorder } from '@emblem/core';

/**
 * The ids one request names (each id field a request schema marks with `refId`) and the ids the access module
 * checked while answering it. A request that succeeds with a claimed id nobody checked means an operation used an
 * id without asking what the caller may do to its record: in tests that is an error (the authorisation matrix
 * and every other integration test run with `enforce`), in production it is logged.
 */
export interface ClaimLedger {
  claimed: Map<string, { kind: IdKind; id: number | string }>;
  checked: Set<string>;
}

const store = new AsyncLocalStorage<ClaimLedger>();
const keyOf = (kind: IdKind, id: number | string) => `${kind}:${id}`;

setIdClaimRecorder((kind, id) => {
  store.getStore()?.claimed.set(keyOf(kind, id), { kind, id });
});

/** Runs `fn` (the rest of one request) with a fresh ledger. */
export function withClaimLedger<T>(fn: () => T): T {
  return store.run({ claimed: new Map(), checked: new Set() }, fn);
}

/** Records that the access module checked the caller's rights on this record (whatever the answer was). */
export function noteChecked(kind: IdKind, id: number | string): void {
  store.getStore()?.checked.add(keyOf(kind, id));
}

/** The claimed ids of the current request that nobody checked, as `kind:id`. */
export function uncheckedClaims(): string[] {
  const ledger = store.getStore();
  if (!ledger) return [];
  return [...ledger.claimed.keys()].filter((k) => !ledger.checked.has(k));
}
