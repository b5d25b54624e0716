import { describe, expect, it } from 'vitest';

import { loginBodySchema } from './schemas.js';

describe('shared schemas', () => {
  it('normalises e-mail addresses and refuses malformed ones', () => {
    expect(loginBodySchema.parse({ email: ' A@Example.COM ', password: 'x' }).email).toBe('a@example.com');
    expect(loginBodySchema.safeParse({ email: 'nope', password: 'x' }).success).toBe(false);
    expect(loginBodySchema.safeParse({ email: 'a@example.com', password: '' }).success).toBe(false);
  });
});
