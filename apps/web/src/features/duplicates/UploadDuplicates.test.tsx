import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { asset, project } from '../../test/fixtures';
import { fakeServer } from '../../test/utils';
import { UploadDuplicates } from './UploadDuplicates';
import '../../lib/i18n';

/* Issue 13 §4: "On upload, warn when the file already exists in the library and link to it." */

function show(assetId: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <UploadDuplicates assetId={assetId} projectId={5} /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the upload warning', () => {
  it('links the assets of the library that already had the file', async () => {
    fakeServer({
      'GET /api/asset/30/duplicates': { data: { assets: [asset({ id: 7, title: 'Logo original' })] } },
      'GET /api/project/5': { data: project({ id: 5, brand_id: 2 }) },
    });
    show(30);
    const link = await screen.findByRole('link', { name: 'Open the existing asset “Logo original”' });
    expect(link.getAttribute('href')).toBe('/brands/2/projects/5/assets/7');
    expect(link.closest('p')?.textContent).toBe('Already in this library: Logo original');
  });

  it('says nothing when the file is new to the library', async () => {
    const { calls } = fakeServer({
      'GET /api/asset/31/duplicates': { data: { assets: [] } },
      'GET /api/project/5': { data: project({ id: 5, brand_id: 2 }) },
    });
    show(31);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((c) => c.path)).toEqual(['/api/asset/31/duplicates']);
    expect(screen.queryByText(/Already in this library/)).toBeNull();
  });
});
