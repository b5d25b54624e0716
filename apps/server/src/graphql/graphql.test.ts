import { expect, it } from 'vitest';
import { Client, forEachBackend } from '../test/harness.js';

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64');
const decodeId = (id: string) => JSON.parse(Buffer.from(id, 'base64').toString('utf8'));

const CREATE_BRAND = 'mutation($name: String!) { createBrand(input: {name: $name}) { brand { id name slug } } }';
const SET_FLAG =
  'mutation($flag: String!, $enabled: Boolean!) { setAccountFlag(input: {flag: $flag, enabled: $enabled}) { flags account { id } } }';
const BRAND = 'query($id: ID!) { brand(id: $id) { id name slug isFavourite } }';

forEachBackend('GraphQL /graphql-internal', (env) => {
  /** A signed-in owner of a fresh account with one brand. */
  const owner = async () => {
    const { owner: user, accountId } = await env().factories.account({ name: 'Graph Co', plan: 'PRO', flags: ['SSO'] });
    const brand = await env().factories.brand(user.actor, 'Graph Brand');
    return { user, accountId, brand, c: await env().signIn(user) };
  };
  const firstError = (res: { body: { errors?: { message: string }[] } }) => res.body.errors?.[0]?.message;
  const brandNames = async (c: Client) => (await c.get('/api/brand')).body.data.map((b: { name: string }) => b.name);

  it('answers account, currentUser and accountFlags with opaque base64 ids', async () => {
    const { user, accountId, c } = await owner();
    const res = await c.graphql(`{
      account { id organization plan flags currentUserPermissions { isOwner isSuperUser } }
      currentUser { id email role organization { id name } }
      accountFlags
    }`);
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const { account, currentUser, accountFlags } = res.body.data;
    expect(decodeId(account.id)).toEqual({ identifier: accountId, type: 'Account' });
    expect(account).toMatchObject({
      organization: 'Graph Co',
      plan: 'PRO',
      flags: ['SSO'],
      currentUserPermissions: { isOwner: true, isSuperUser: false },
    });
    expect(decodeId(currentUser.id)).toEqual({ identifier: user.id, type: 'User' });
    expect(currentUser).toMatchObject({ email: user.email, role: 'OWNER', organization: { name: 'Graph Co' } });
    expect(decodeId(currentUser.organization.id)).toEqual({ identifier: accountId, type: 'Account' });
    expect(accountFlags).toEqual(['SSO']);
  });

  it('lists brands and reads one by its id', async () => {
    const { brand, c } = await owner();
    const list = await c.graphql('{ brands { id name slug isFavourite } }');
    expect(list.body.data.brands).toEqual([{ id: expect.any(String), name: 'Graph Brand', slug: 'graph-brand', isFavourite: false }]);
    const id = list.body.data.brands[0].id;
    expect(decodeId(id)).toEqual({ identifier: brand.id, type: 'Brand' });

    const one = await c.graphql(BRAND, { id });
    expect(one.body.data.brand).toEqual({ id, name: 'Graph Brand', slug: 'graph-brand', isFavourite: false });
    // Key order inside the id does not matter.
    const reordered = await c.graphql(BRAND, { id: b64({ type: 'Brand', identifier: brand.id }) });
    expect(reordered.body.data.brand.name).toBe('Graph Brand');
  });

  it('creates a brand through the same operation as REST', async () => {
    const { c } = await owner();
    const res = await c.graphql(CREATE_BRAND, { name: 'From GraphQL' });
    expect(res.body.errors).toBeUndefined();
    const created = res.body.data.createBrand.brand;
    expect(created).toMatchObject({ name: 'From GraphQL', slug: 'from-graphql' });
    const { identifier, type } = decodeId(created.id);
    expect(type).toBe('Brand');
    expect((await c.get(`/api/brand/${identifier}`)).body.data).toMatchObject({ name: 'From GraphQL', slug: 'from-graphql' });
  });

  it('sets and clears account flags', async () => {
    const { accountId, c } = await owner();
    const on = await c.graphql(SET_FLAG, { flag: 'ANALYTICS', enabled: true });
    expect(on.body.data.setAccountFlag.flags).toEqual(['ANALYTICS', 'SSO']);
    expect(decodeId(on.body.data.setAccountFlag.account.id)).toEqual({ identifier: accountId, type: 'Account' });
    expect((await c.get('/api/account')).body.data.feature_flags).toEqual(['ANALYTICS', 'SSO']);

    const off = await c.graphql(SET_FLAG, { flag: 'SSO', enabled: false });
    expect(off.body.data.setAccountFlag.flags).toEqual(['ANALYTICS']);
    expect((await c.graphql('{ accountFlags }')).body.data.accountFlags).toEqual(['ANALYTICS']);
  });

  it('refuses ids that are not base64 of {identifier, type: "Brand"} with "Invalid base64Id"', async () => {
    const { user, accountId, brand, c } = await owner();
    const bad = [
      'not-base64',
      b64({ foo: 1 }),
      b64({ identifier: user.id, type: 'User' }),
      b64({ identifier: accountId, type: 'Account' }),
      b64({ identifier: brand.id, type: 'Project' }),
      b64({ identifier: 1.5, type: 'Brand' }),
      b64([brand.id, 'Brand']),
      b64('{"identifier": 1, "type": "Brand"'),
    ];
    for (const id of bad) {
      const res = await c.graphql(BRAND, { id });
      expect(firstError(res), id).toBe('Invalid base64Id');
      expect(res.body.data).toBeNull();
    }
  });

  it('refuses an id whose identifier is a string in any form but plain decimal digits (security issue #9)', async () => {
    const { brand, c } = await owner();
    const id = brand.id;
    for (const identifier of [`0x${id.toString(16)}`, `${id}e0`, `0${id}`, ` ${id}`, `+${id}`, `${id}.0`]) {
      const res = await c.graphql(BRAND, { id: b64({ identifier, type: 'Brand' }) });
      expect(firstError(res), identifier).toBe('Invalid base64Id');
      expect(res.body.data, identifier).toBeNull();
    }
    expect((await c.graphql(BRAND, { id: b64({ identifier: String(id), type: 'Brand' }) })).body.data.brand.name).toBe('Graph Brand');
  });

  it('answers a Brand id that is well-formed but names no brand of the account with "Not found", never an internal error', async () => {
    const { c } = await owner();
    const { brand: foreign } = await owner();
    expect(firstError(await c.graphql(BRAND, { id: b64({ identifier: foreign.id, type: 'Brand' }) }))).toBe('Not found');
    for (const identifier of [2_000_000_000, 99_999_999_999, 'abc']) {
      const res = await c.graphql(BRAND, { id: b64({ identifier, type: 'Brand' }) });
      expect(firstError(res), String(identifier)).toMatch(/^(Not found|Invalid base64Id)$/);
    }
  });

  it('answers every query and mutation of an anonymous caller with "Not signed in"', async () => {
    for (const query of ['{ account { id } }', '{ currentUser { id } }', '{ brands { id } }', '{ accountFlags }']) {
      expect(firstError(await env().anon().graphql(query)), query).toBe('Not signed in');
    }
    expect(firstError(await env().anon().graphql(CREATE_BRAND, { name: 'Anon' }))).toBe('Not signed in');
  });

  it('refuses a cookie-session mutation without X-CSRF-Token with "Invalid CSRF token", creating nothing', async () => {
    const { c } = await owner();
    const res = await c.request('POST', '/graphql-internal', { query: CREATE_BRAND, variables: { name: 'Forged' } }, { csrf: false });
    const message = res.body.error ?? firstError(res);
    expect(message).toBe('Invalid CSRF token');
    expect(await brandNames(c)).toEqual(['Graph Brand']);
  });

  it('answers a cookie-session mutation without X-CSRF-Token with HTTP 403 (docs/api.md: "otherwise 403")', async () => {
    const { c } = await owner();
    const res = await c.request('POST', '/graphql-internal', { query: CREATE_BRAND, variables: { name: 'Forged' } }, { csrf: false });
    expect(res.status).toBe(403);
  });

  it('accepts a Bearer token without CSRF token; a revoked one is refused', async () => {
    const { user, c } = await owner();
    const created = (await c.post('/api/user/tokens', { name: 'gql' })).body.data;
    const api = env().anon();
    const viaToken = (query: string, variables?: Record<string, unknown>) =>
      api.request('POST', '/graphql-internal', { query, variables }, { headers: { authorization: `Bearer ${created.token}` } });

    expect(decodeId((await viaToken('{ currentUser { id } }')).body.data.currentUser.id)).toEqual({ identifier: user.id, type: 'User' });
    const made = await viaToken(CREATE_BRAND, { name: 'Via token' });
    expect(made.body.data.createBrand.brand.slug).toBe('via-token');

    await c.delete(`/api/user/tokens/${created.id}`);
    const after = await viaToken('{ currentUser { id } }');
    expect(after.body.error ?? firstError(after)).toBe('Invalid API token');
    expect(after.body.data?.currentUser).toBeUndefined();
  });

  it('refuses an invalid createBrand input with "Validation failed" and field messages', async () => {
    const { c } = await owner();
    for (const name of ['', '   ', 'x'.repeat(121)]) {
      const res = await c.graphql(CREATE_BRAND, { name });
      expect(firstError(res)).toBe('Validation failed');
      expect(Object.keys(res.body.errors[0].extensions.errors)).toEqual(['name']);
    }
    expect(await brandNames(c)).toEqual(['Graph Brand']);
  });

  it('refuses createBrand and setAccountFlag to a MEMBER', async () => {
    const { accountId, c: admin } = await owner();
    const member = await env().signIn(await env().factories.member(accountId, 'MEMBER'));
    expect(firstError(await member.graphql(CREATE_BRAND, { name: 'Mine' }))).toBe('Only account admins may create brands');
    expect(firstError(await member.graphql(SET_FLAG, { flag: 'ANALYTICS', enabled: true }))).toBe('Only account admins may do this');
    expect(await brandNames(admin)).toEqual(['Graph Brand']);
    expect((await admin.get('/api/account')).body.data.feature_flags).toEqual(['SSO']);
  });

  it('refuses setAccountFlag with an unknown flag with "Validation failed"', async () => {
    const { c } = await owner();
    const res = await c.graphql(SET_FLAG, { flag: 'NOT_A_FLAG', enabled: true });
    expect(firstError(res)).toBe('Validation failed');
    expect(res.body.errors[0].extensions.errors).toEqual({ flag: ['Unknown feature flag'] });
    expect((await c.get('/api/account')).body.data.feature_flags).toEqual(['SSO']);
  });

  it('reports malformed queries as GraphQL errors, not as "Something went wrong"', async () => {
    const { c } = await owner();
    for (const [query, message] of [
      ['{ brands { id ', /Syntax Error/],
      ['{ noSuchField }', /noSuchField/],
      [BRAND, /\$id/], // a required variable is missing
    ] as const) {
      const res = await c.graphql(query);
      expect(firstError(res), query).toMatch(message);
    }
  });
});

const SCHEMA = '{ __schema { queryType { name } } }';
/** Documents that read the schema: `__schema` or `__type`, aliased, in a fragment, beside ordinary fields. */
const INTROSPECTIONS = [
  SCHEMA,
  '{ __schema { types { name fields { name } } } }',
  '{ __type(name: "Brand") { name fields { name } } }',
  '{ s: __schema { queryType { name } } }',
  'query Q { ...F } fragment F on Query { __schema { queryType { name } } }',
  '{ brands { id } __type(name: "Brand") { name } }',
];
const DISABLED = 'GraphQL introspection is disabled';

forEachBackend('GraphQL introspection (security issue #9)', (env) => {
  const ask = (c: Client, query: string, method: 'POST' | 'GET' = 'POST') =>
    method === 'GET' ? c.get(`/graphql-internal?query=${encodeURIComponent(query)}`) : c.graphql(query);
  const expectDisabled = (res: { status: number; body: Record<string, unknown> }, query: string) => {
    expect(res.status, query).toBe(400);
    expect(res.body, query).toEqual({ data: null, errors: [{ message: DISABLED, locations: [expect.any(Object)] }] });
  };
  /** Signed-in callers who are not account admins: a member's session and a member's API token. */
  const nonAdmins = async () => {
    const { owner, accountId } = await env().factories.account();
    const member = await env().signIn(await env().factories.member(accountId, 'MEMBER'));
    const { token } = (await member.post('/api/user/tokens', { name: 'member' })).body.data;
    const memberToken = new Client(env().base, { bearer: token });
    return { owner, accountId, callers: { member, memberToken } };
  };

  it('refuses __schema and __type to everyone but account admins, with 400 and a GraphQL error, over POST and GET', async () => {
    const { callers } = await nonAdmins();
    for (const [who, c] of Object.entries(callers)) {
      for (const query of INTROSPECTIONS) expectDisabled(await ask(c, query), `${who}: ${query}`);
      expectDisabled(await ask(c, SCHEMA, 'GET'), `${who}: GET`);
    }
    // Anonymous callers do not reach GraphQL at all.
    const anonymous = await env().anon().graphql(SCHEMA);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors[0].message).toBe('Not signed in');
  });

  it('answers __schema and __type to account admins, signed in or with their token', async () => {
    const { owner, accountId } = await nonAdmins();
    const superUser = await env().signIn(await env().factories.member(accountId, 'SUPER_USER'));
    const ownerSession = await env().signIn(owner);
    const { token } = (await ownerSession.post('/api/user/tokens', { name: 'owner' })).body.data;
    for (const c of [ownerSession, superUser, new Client(env().base, { bearer: token })]) {
      const res = await c.graphql(INTROSPECTIONS[1] as string);
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.__schema.types.map((t: { name: string }) => t.name)).toContain('Brand');
      expect((await c.graphql('{ __type(name: "Brand") { name } }')).body.data).toEqual({ __type: { name: 'Brand' } });
    }
  });

  it('refuses a document an admin ran before (mercurius caches validated documents)', async () => {
    const { owner, callers } = await nonAdmins();
    const admin = await env().signIn(owner);
    for (const query of INTROSPECTIONS) {
      expect((await admin.graphql(query)).body.errors, query).toBeUndefined();
      expectDisabled(await callers.member.graphql(query), query);
      expectDisabled(await callers.memberToken.graphql(query), query);
    }
  });

  it('keeps __typename for everyone', async () => {
    const { callers } = await nonAdmins();
    expect((await callers.member.graphql('{ __typename }')).body).toEqual({ data: { __typename: 'Query' } });
    const brands = await callers.member.graphql('{ __typename brands { __typename id } }');
    expect(brands.status).toBe(200);
    expect(brands.body.errors).toBeUndefined();
    expect(brands.body.data.__typename).toBe('Query');
  });
});

forEachBackend(
  'GraphQL introspection in development (NODE_ENV=development)',
  (env) => {
    it('answers __schema and __type to every signed-in caller, members included', async () => {
      const { accountId } = await env().factories.account();
      const member = await env().signIn(await env().factories.member(accountId, 'MEMBER'));
      const res = await member.graphql(INTROSPECTIONS[1] as string);
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.__schema.types.map((t: { name: string }) => t.name)).toContain('Brand');
      expect((await member.graphql('{ __type(name: "Brand") { name } }')).body.data).toEqual({ __type: { name: 'Brand' } });
    });
  },
  { env: { NODE_ENV: 'development' } },
);
