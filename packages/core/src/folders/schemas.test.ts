import { describe, expect, it } from 'vitest';

import { setListQuerySchema } from './schemas.js';

describe('shared schemas', () => {
  it('takes a folder list parent_id of 0 (the root) or a canonical folder id', () => {
    expect(setListQuerySchema.parse({ parent_id: '0' }).parent_id).toBe(0);
    expect(setListQuerySchema.parse({ parent_id: '16' }).parent_id).toBe(16);
    for (const bad of ['0x10', '016', '1e3', '16.0', ' 16', '-1', 'abc']) {
      expect(
        setListQuerySchema.safeParse({ parent_id: bad }).error?.issues.map((i) => i.message),
        bad,
      ).toEqual(['Must be 0 or a folder id']);
    }
  });

  it('takes a folder list creator_id and sort_by, and refuses the filters that are not built yet', () => {
    expect(setListQuerySchema.parse({ creator_id: '7', sort_by: 'name' })).toEqual({ creator_id: 7, sort_by: 'name' });
    expect(setListQuerySchema.parse({})).toEqual({});
    const problems = (query: Record<string, string>) =>
      setListQuerySchema.safeParse(query).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(problems({ sort_by: 'size' })).toEqual([['sort_by', 'Must be one of position, name, created']]);
    expect(problems({ creator_id: 'me' })?.[0]?.[0]).toBe('creator_id');
    expect(problems({ workflow_status_id: '3' })).toBeUndefined();
    expect(problems({ workflow_status_id: 'x' })?.[0]?.[0]).toBe('workflow_status_id');
    expect(problems({ download_request: '' })).toEqual([['download_request', 'Is not supported yet: folders have no download requests']]);
  });
});
