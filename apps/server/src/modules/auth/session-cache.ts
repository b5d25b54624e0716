import type { Database } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';

/** The NOTIFY channel on which the database announces the user whose sessions or memberships changed (migration 0024). */
export const ACCESS_PG_CHANNEL = 'emblem_access';

/** How long a looked-up session is reused, and how many are kept (decision 0054). */
export const SESSION_CACHE_TTL_MS = 5_000;
export const SESSION_CACHE_MAX = 10_000;

/** A live session: who calls, and the CSRF token unsafe requests must carry. */
export interface ResolvedSession {
  actor: Actor;
  csrfToken: string;
}

interface Entry {
  session: ResolvedSession;
  until: number;
}

/**
 * A short-lived cache of this process's session lookups, keyed by the token's hash. Every change to a user's
 * sessions or memberships is announced by the database in the transaction that makes it; every process drops that
 * user's entries when the announcement arrives. Entries are kept only while the announcements can arrive: when the
 * listening connection is lost the cache is emptied and bypassed until it is back.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  #listening = false;
  /** Counts the announcements received: a lookup that saw one while it ran does not store what it read. */
  #generation = 0;
  #stop: (() => Promise<void>) | null = null;
  #heard = 0;

  async start(database: Database): Promise<void> {
    this.#stop = await database.listen(
      ACCESS_PG_CHANNEL,
      (payload) => this.#forgetUser(Number(payload)),
      () => this.#setListening(true),
      () => this.#setListening(false),
    );
    this.#listening = true;
  }

  /** How many announcements this process has received (tests wait on it; see revocation.test.ts). */
  get heard(): number {
    return this.#heard;
  }

  /** Whether announcements can arrive: entries are kept only then. */
  get listening(): boolean {
    return this.#listening;
  }

  async stop(): Promise<void> {
    this.#setListening(false);
    await this.#stop?.();
    this.#stop = null;
  }

  /**
   * The cached session of `tokenHash`, or `lookup()`'s answer, stored when the cache is listening, nothing was
   * announced while it ran, and the session lives on; a refused token (null) is never stored.
   */
  async resolve(tokenHash: string, lookup: () => Promise<{ session: ResolvedSession; expiresAt: Date } | null>) {
    const now = Date.now();
    const hit = this.#entries.get(tokenHash);
    if (hit && hit.until > now) return hit.session;
    if (hit) this.#entries.delete(tokenHash);
    const generation = this.#generation;
    const found = await lookup();
    if (!found) return null;
    if (this.#listening && generation === this.#generation) {
      if (this.#entries.size >= SESSION_CACHE_MAX) this.#evictOldest();
      this.#entries.set(tokenHash, {
        session: found.session,
        until: Math.min(Date.now() + SESSION_CACHE_TTL_MS, found.expiresAt.getTime()),
      });
    }
    return found.session;
  }

  #forgetUser(userId: number) {
    this.#heard++;
    this.#generation++;
    for (const [hash, entry] of this.#entries) if (entry.session.actor.userId === userId) this.#entries.delete(hash);
  }

  #setListening(on: boolean) {
    this.#generation++;
    this.#entries.clear();
    this.#listening = on;
  }

  /** A Map iterates in insertion order: the first entry is the oldest. */
  #evictOldest() {
    const first = this.#entries.keys().next();
    if (!first.done) this.#entries.delete(first.value);
  }
}
