/**
 * The words the public guideline reader's browser script writes itself (consent dialog, copy buttons, search
 * announcements, ZIP progress). The server translates them with the rest of the reader's words
 * (modules/guidelines/reader/render/strings) and writes them into each page; the script (apps/web/src/reader) reads
 * them there and falls back to this English for a page that carries none. `{name}` marks where a value goes.
 */

/** A text by plural category (Intl.PluralRules); languages without a category repeat `other` there. */
export interface PluralText {
  one: string;
  few: string;
  many: string;
  other: string;
}

export interface ReaderScriptStrings {
  copied: string;
  /** `{value}`: the copied value. */
  copiedValue: string;
  copiedCode: string;
  copyFailed: string;
  copyYourself: string;
  noMatches: string;
  /** `{count}`: the number of assets found (with "+" when there are more). */
  found: PluralText;
  searchFailed: string;
  zipPreparing: string;
  zipStarting: string;
  consent: {
    title: string;
    introOne: string;
    /** `{count}`: the assets of the ZIP that have terms. */
    introZip: PluralText;
    terms: string;
    licences: string;
    notices: string;
    noNotice: string;
    accept: string;
    accepting: string;
    decline: string;
    declined: string;
    failed: string;
    changed: string;
  };
}

const zipTerms = '{count} assets in this ZIP have terms of use: read and accept them before you download.';

export const READER_SCRIPT_EN: ReaderScriptStrings = {
  copied: 'Copied',
  copiedValue: 'Copied {value}',
  copiedCode: 'Copied the code',
  copyFailed: 'Copy failed',
  copyYourself: 'Could not copy: select the value and copy it yourself',
  noMatches: 'No assets match this search.',
  found: { one: '{count} asset', few: '{count} assets', many: '{count} assets', other: '{count} assets' },
  searchFailed: 'The search did not answer; press Search to try again.',
  zipPreparing: 'Preparing the ZIP…',
  zipStarting: 'Your download starts in a moment.',
  consent: {
    title: 'Terms of use',
    introOne: 'Before you download this asset, read and accept its terms.',
    introZip: {
      one: 'An asset in this ZIP has terms of use: read and accept them before you download.',
      few: zipTerms,
      many: zipTerms,
      other: zipTerms,
    },
    terms: 'The terms',
    licences: 'Licences',
    notices: 'Copyright notices',
    noNotice: 'No copyright notice',
    accept: 'Accept and download',
    accepting: 'Recording your consent…',
    decline: 'Decline',
    declined: 'Nothing was downloaded.',
    failed: 'Your consent could not be recorded. Try again.',
    changed: 'The terms changed meanwhile. Read them again before you accept.',
  },
};
