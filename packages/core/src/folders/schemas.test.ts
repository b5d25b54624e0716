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
});
