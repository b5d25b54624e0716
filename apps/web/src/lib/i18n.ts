import { interfaceLanguage, LANGUAGES, type Language } from '@emblem/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type accountSettings from '../locales/en/account-settings.json';
import type adminUsers from '../locales/en/admin-users.json';
import type approvals from '../locales/en/approvals.json';
import type auth from '../locales/en/auth.json';
import type brands from '../locales/en/brands.json';
import type collections from '../locales/en/collections.json';
import type comments from '../locales/en/comments.json';
import type common from '../locales/en/common.json';
import type dashboard from '../locales/en/dashboard.json';
import type duplicates from '../locales/en/duplicates.json';
import type groups from '../locales/en/groups.json';
import type guidelines from '../locales/en/guidelines.json';
import type library from '../locales/en/library.json';
import type licences from '../locales/en/licences.json';
import type metadata from '../locales/en/metadata.json';
import type notifications from '../locales/en/notifications.json';
import type pageBuilders from '../locales/en/page-builders.json';
import type profile from '../locales/en/profile.json';
import type projects from '../locales/en/projects.json';
import type search from '../locales/en/search.json';
import type shareVisitor from '../locales/en/share-visitor.json';
import type shares from '../locales/en/shares.json';
import type shell from '../locales/en/shell.json';
import type submissions from '../locales/en/submissions.json';
import type tags from '../locales/en/tags.json';
import type toolkit from '../locales/en/toolkit.json';
import type toolkitGallery from '../locales/en/toolkit-gallery.json';
import type uploads from '../locales/en/uploads.json';
import type usage from '../locales/en/usage.json';
import type viewer from '../locales/en/viewer.json';
import type workflows from '../locales/en/workflows.json';
import { type LocaleGroup, localeGroup } from '../locales/groups';
import { offeredLanguages } from './languages';

/**
 * One i18next namespace per feature (locales/<language>/<feature>.json); a new feature adds its file and one line
 * here. Keys keep their feature prefix (`library.empty.title`): a key is looked up in the default namespace, then
 * in every other one (fallbackNS), so a component needs no namespace argument and a key lives in exactly one file.
 *
 * The strings load on demand (decision 0055): only the language in use, and in two groups (locales/groups.ts): the
 * `public` one the sign-in pages need, and the `app` one the rest needs, which the signed-in routes wait for.
 */
interface Resources {
  common: typeof common;
  shell: typeof shell;
  auth: typeof auth;
  dashboard: typeof dashboard;
  brands: typeof brands;
  usage: typeof usage;
  'admin-users': typeof adminUsers;
  projects: typeof projects;
  library: typeof library;
  licences: typeof licences;
  collections: typeof collections;
  duplicates: typeof duplicates;
  submissions: typeof submissions;
  tags: typeof tags;
  search: typeof search;
  metadata: typeof metadata;
  shares: typeof shares;
  'share-visitor': typeof shareVisitor;
  uploads: typeof uploads;
  viewer: typeof viewer;
  comments: typeof comments;
  approvals: typeof approvals;
  workflows: typeof workflows;
  groups: typeof groups;
  guidelines: typeof guidelines;
  profile: typeof profile;
  notifications: typeof notifications;
  'account-settings': typeof accountSettings;
  'page-builders': typeof pageBuilders;
  toolkit: typeof toolkit;
  'toolkit-gallery': typeof toolkitGallery;
}

type Namespace = keyof Resources;
export const defaultNS = 'common' satisfies Namespace;

/** Every locale file, loaded on demand: `../locales/de/library.json` → its strings. */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' });
const fileName = /\/locales\/([^/]+)\/([^/]+)\.json$/;

/** The namespaces, from the English files (every language has the same ones; i18n.test.ts checks it). */
export const namespaces = Object.keys(files).flatMap((path) => {
  const [, language, ns] = fileName.exec(path) ?? [];
  return language === 'en' && ns ? [ns as Namespace] : [];
});

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    fallbackNS: Namespace[];
    resources: Resources;
  }
}

/** English is the default and fallback language (data-api.md §9). */
void i18next.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  ns: namespaces,
  defaultNS,
  fallbackNS: namespaces.filter((ns) => ns !== defaultNS),
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

/** What has been loaded (or is loading), per language and group, so each file is fetched once. */
const loading = new Map<string, Promise<void>>();
/** The groups the current pages need; a language change loads these for the new language. */
const wanted = new Set<LocaleGroup>(['public']);

function loadGroup(language: Language, group: LocaleGroup): Promise<void> {
  const key = `${language}:${group}`;
  let done = loading.get(key);
  if (!done) {
    done = Promise.all(
      Object.entries(files).map(async ([path, load]) => {
        const [, lng, ns] = fileName.exec(path) ?? [];
        if (lng !== language || !ns || localeGroup(ns) !== group) return;
        i18next.addResourceBundle(language, ns, await load(), true, true);
      }),
    ).then(() => undefined);
    // A failed fetch (offline, a new release replaced the files) may be retried by the next navigation.
    done.catch(() => loading.delete(key));
    loading.set(key, done);
  }
  return done;
}

/**
 * Shows the interface in `language`, at once and without a reload: the strings of the groups the pages need (those
 * asked for before and `groups`) load first, then every translated component re-renders; `<html lang>` follows.
 */
export async function applyLanguage(language: Language, ...groups: LocaleGroup[]): Promise<void> {
  for (const group of groups) wanted.add(group);
  await Promise.all([...wanted].map((group) => loadGroup(language, group)));
  if (i18next.language !== language) await i18next.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/**
 * The language for someone: a signed-in user's own choice when the account offers it; otherwise the first of the
 * browser's languages the interface has (visitors get the default languages only, the rollout ones need the
 * account's I18N_ROLLOUT flag); otherwise English.
 */
export function chooseLanguage(
  user: { language: string } | null | undefined,
  featureFlags: readonly string[] | null | undefined,
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Language {
  const offered = offeredLanguages(featureFlags ?? []);
  if (user && (offered as readonly string[]).includes(user.language)) return user.language as Language;
  for (const tag of browser) {
    const language = interfaceLanguage(tag, offered);
    if (language) return language;
  }
  return 'en';
}

export default i18next;
