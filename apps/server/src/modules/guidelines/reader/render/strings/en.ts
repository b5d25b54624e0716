import { READER_SCRIPT_EN } from '@emblem/core';

/**
 * The reader's own words in English, the shape every language follows (strings/index.ts picks one per request).
 * Reader pages are rendered on the server without the web app's i18n.
 */
export const en = {
  skip: 'Skip to content',
  pagesOf: (document: string) => `Pages of ${document}`,
  documents: 'Documents',
  noDocuments: 'Nothing is published in this portal yet.',
  draft: 'Draft',
  draftPage: 'Draft: visitors do not see this page until it is shown.',
  draftDocument: 'Draft: visitors do not see this document until it is published.',
  editorView: 'You see drafts because you can edit this document.',
  viewAsVisitor: 'View as visitor',
  visitorView: 'You are viewing this page as a visitor sees it.',
  leaveVisitorView: 'Leave visitor view',
  hiddenFromVisitors: 'Visitors cannot see this page',
  hiddenReason: {
    portal: 'The portal is not public, so visitors without an account see nothing here.',
    document: 'The document is not published.',
    page: 'The page is hidden (a draft).',
  },
  tab: (n: number) => `Tab ${n}`,
  previous: 'Previous',
  next: 'Next',
  pagination: 'Pages',
  copy: 'Copy',
  copyValue: (what: string, name: string) => `Copy ${what} of ${name}`,
  copyCode: 'Copy code',
  plainText: 'Text',
  computed: 'computed',
  download: 'Download',
  downloadNamed: (title: string) => `Download ${title}`,
  downloadAll: 'Download all (ZIP)',
  searchLibrary: (name: string) => `Search ${name}`,
  search: 'Search',
  emptyLibrary: 'This library is empty.',
  moreAssets: (n: number) => `The first ${n} are shown; search to find others.`,
  unavailable: 'This content is not available.',
  invalidBlock: 'This block cannot be shown: its settings are no longer valid. Edit it to fix them.',
  do: 'Do',
  dont: "Don't",
  videoFallback: 'Your browser cannot play this video here.',
  weights: 'Weights',
  typeStyles: 'Type styles',
  specimen: 'Aa Bb Cc Dd Ee Ff Gg Hh Ii Jj Kk Ll Mm 0123456789',
  sample: 'The quick brown fox jumps over the lazy dog',
  weightNames: {
    100: 'Thin',
    200: 'Extra light',
    300: 'Light',
    400: 'Regular',
    500: 'Medium',
    600: 'Semibold',
    700: 'Bold',
    800: 'Extra bold',
    900: 'Black',
  },
  poweredBy: 'Brand guidelines published with Emblem',
  /** What the browser script writes itself (written into each page; English in @emblem/core's shared/readerScript.ts). */
  script: READER_SCRIPT_EN,
};

/** The reader's words in one language. */
export type ReaderStrings = typeof en;
