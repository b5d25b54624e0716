import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import accountSettings from '../locales/en/account-settings.json';
import adminUsers from '../locales/en/admin-users.json';
import approvals from '../locales/en/approvals.json';
import auth from '../locales/en/auth.json';
import brands from '../locales/en/brands.json';
import collections from '../locales/en/collections.json';
import comments from '../locales/en/comments.json';
import common from '../locales/en/common.json';
import dashboard from '../locales/en/dashboard.json';
import duplicates from '../locales/en/duplicates.json';
import groups from '../locales/en/groups.json';
import guidelines from '../locales/en/guidelines.json';
import library from '../locales/en/library.json';
import licences from '../locales/en/licences.json';
import metadata from '../locales/en/metadata.json';
import notifications from '../locales/en/notifications.json';
import pageBuilders from '../locales/en/page-builders.json';
import profile from '../locales/en/profile.json';
import projects from '../locales/en/projects.json';
import search from '../locales/en/search.json';
import shareVisitor from '../locales/en/share-visitor.json';
import shares from '../locales/en/shares.json';
import shell from '../locales/en/shell.json';
import submissions from '../locales/en/submissions.json';
import tags from '../locales/en/tags.json';
import toolkit from '../locales/en/toolkit.json';
import toolkitGallery from '../locales/en/toolkit-gallery.json';
import uploads from '../locales/en/uploads.json';
import usage from '../locales/en/usage.json';
import viewer from '../locales/en/viewer.json';
import workflows from '../locales/en/workflows.json';

/**
 * One i18next namespace per feature (locales/<language>/<feature>.json); a new feature adds its file and one line
 * here. Keys keep their feature prefix (`library.empty.title`): a key is looked up in the default namespace, then
 * in every other one (fallbackNS), so a component needs no namespace argument and a key lives in exactly one file.
 */
export const resources = {
  en: {
    common,
    shell,
    auth,
    dashboard,
    brands,
    usage,
    'admin-users': adminUsers,
    projects,
    library,
    licences,
    collections,
    duplicates,
    submissions,
    tags,
    search,
    metadata,
    shares,
    'share-visitor': shareVisitor,
    uploads,
    viewer,
    comments,
    approvals,
    workflows,
    groups,
    guidelines,
    profile,
    notifications,
    'account-settings': accountSettings,
    'page-builders': pageBuilders,
    toolkit,
    'toolkit-gallery': toolkitGallery,
  },
} as const;

type Namespace = keyof (typeof resources)['en'];
export const defaultNS = 'common' satisfies Namespace;
export const namespaces = Object.keys(resources.en) as Namespace[];

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    fallbackNS: Namespace[];
    resources: (typeof resources)['en'];
  }
}

/** English is the default and fallback language; other languages add a folder in locales/. */
void i18next.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  ns: namespaces,
  defaultNS,
  fallbackNS: namespaces.filter((ns) => ns !== defaultNS),
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

export default i18next;
