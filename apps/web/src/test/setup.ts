import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { applyLanguage } from '../lib/i18n';
import { setSharedRealtime } from '../lib/realtime';

// Every screen under test finds its English strings loaded, as after the router's first load.
await applyLanguage('en', 'public', 'app');

// Screens under test open no WebSocket; lib/realtime.test.ts drives the client with a fake one.
setSharedRealtime(null);

// findBy…/waitFor give up after 1 s by default; on a busy two-core CI machine a route change in jsdom can take longer.
// A ceiling, not a timing assertion: passing tests do not wait for it.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks CSS.escape, which React Aria's overlays use.
if (typeof globalThis.CSS === 'undefined' || typeof globalThis.CSS.escape !== 'function') {
  const cssEscape = (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (ch) => `\\${ch}`);
  Object.defineProperty(globalThis, 'CSS', { value: { ...(globalThis.CSS ?? {}), escape: cssEscape }, configurable: true });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
});
