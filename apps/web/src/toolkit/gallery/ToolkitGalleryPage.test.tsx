import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptCookies, fakeServer, renderApp, sessionFor } from '../../test/utils';

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('/toolkit-gallery', () => {
  it('is refused (403) without the TOOLKIT_GALLERY flag', async () => {
    fakeServer({ 'GET /api/auth/session': { data: sessionFor() } });
    renderApp('/toolkit-gallery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows every section with the flag, without serious or critical axe violations', async () => {
    fakeServer({ 'GET /api/auth/session': { data: sessionFor({ flags: ['TOOLKIT_GALLERY'] }) } });
    renderApp('/toolkit-gallery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Toolkit gallery' }, { timeout: 10_000 })).toBeTruthy();
    for (const name of [
      'Text, time and date',
      'Choices',
      'Measures and geometry',
      'Colour',
      'Type and button style',
      'Lists and trees',
      'Links and rich text',
      'Images and files',
      'Account and deletion',
      'Users and groups',
      'Widgets',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] });
    const serious = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  }, 60_000);
});
