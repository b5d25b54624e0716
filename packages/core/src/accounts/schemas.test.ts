import { describe, expect, it } from 'vitest';

import { inviteUserBodySchema } from './schemas.js';

describe('shared schemas', () => {
  it('invites as MEMBER unless a role is given', () => {
    expect(inviteUserBodySchema.parse({ email: 'x@example.com' }).role).toBe('MEMBER');
    expect(inviteUserBodySchema.safeParse({ email: 'x@example.com', role: 'GOD' }).success).toBe(false);
  });
});
