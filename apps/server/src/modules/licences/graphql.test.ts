import { encodeBase64Id } from '@emblem/core';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accounts, assetLicences, assets, consentAcceptances, licences } from '../../db/schema.js';
import { type Client, forEachBackend, type Json } from '../../test/harness.js';
import { fetchBytes, jpeg, uploadAsset } from '../../test/media.js';
import { assetsKit } from '../assets/assets-test-kit.js';

/** The first error of a GraphQL answer: its status (extensions.status), code and field errors. */
function refusal(res: Json) {
  expect(res.body.errors, JSON.stringify(res.body)).toBeInstanceOf(Array);
  const [e] = res.body.errors;
  return {
    message: e.message as string,
    status: e.extensions?.status as number | undefined,
    code: e.extensions?.code,
    errors: e.extensions?.errors,
  };
}

function data(res: Json) {
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data;
}

const L = (id: number) => encodeBase64Id('License', id);
const A = (id: number) => encodeBase64Id('Asset', id);

const LICENSE = 'id title text requireConsensus assetCount createdAt modifiedAt';
const RIGHTS =
  'assetId copyright { status notice isDownloadConsentRequired } licenses { id title license requireConsensus } requiresConsent';

forEachBackend('licences and copyright in GraphQL', (env) => {
  const kit = assetsKit(env);
  const db = () => env().started.database.db;

  const team = kit.team;

  const create = async (c: Client, title: string, extra = '') => {
    const res = await c.graphql(`mutation($t: String!) { createLicense(title: $t${extra}) { ${LICENSE} } }`, { t: title });
    return data(res).createLicense as { id: string; title: string; text: string; requireConsensus: boolean; assetCount: number };
  };
  const numeric = (id: string) => JSON.parse(Buffer.from(id, 'base64').toString('utf8')).identifier as number;

  it('lists, creates, changes and deletes licences as the REST operations do; text is sanitised', async () => {
    const { c, member, accountId } = await team();
    expect(data(await c.graphql('{ licenses { id } }')).licenses).toEqual([]);
    const made = await create(
      c,
      '  Editorial use ',
      ', text: "<p>Editorial <strong>only</strong></p><script>alert(1)</script>", requireConsensus: true',
    );
    expect(made).toMatchObject({
      title: 'Editorial use',
      text: '<p>Editorial <strong>only</strong></p>',
      requireConsensus: true,
      assetCount: 0,
    });
    const plain = await create(c, 'Attribution');
    expect(plain).toMatchObject({ text: '', requireConsensus: false });
    // The ids are opaque License ids of the REST records.
    const rows = await db().select().from(licences).where(eq(licences.accountId, accountId));
    expect(rows.map((r) => L(r.id)).sort()).toEqual([made.id, plain.id].sort());

    // Every member reads the list, by title, as GET /api/licences.
    const listed = data(await member.graphql(`{ licenses { ${LICENSE} } }`)).licenses;
    expect(listed.map((l: { title: string }) => l.title)).toEqual(['Attribution', 'Editorial use']);
    expect(listed).toEqual(
      (await c.get('/licences')).body.data.map((l: { id: number; title: string }) =>
        expect.objectContaining({ id: L(l.id), title: l.title }),
      ),
    );

    const changed = data(
      await c.graphql(`mutation($id: ID!) { updateLicense(id: $id, title: "Attribution 4.0", text: "Name the author") { ${LICENSE} } }`, {
        id: plain.id,
      }),
    ).updateLicense;
    expect(changed).toMatchObject({ id: plain.id, title: 'Attribution 4.0', text: '<p>Name the author</p>', requireConsensus: false });
    expect(data(await c.graphql('mutation($id: ID!) { deleteLicense(id: $id) }', { id: plain.id })).deleteLicense).toBe(true);
    expect((await c.get('/licences')).body.data.map((l: { id: number }) => L(l.id))).toEqual([made.id]);
  });

  it('refuses visitors, members, other accounts, unknown ids and invalid input, and stores nothing', async () => {
    const { c, member, accountId } = await team();
    const other = await team();
    const mine = await create(c, 'Mine');
    const anon = env().anon();
    expect(refusal(await anon.graphql('{ licenses { id } }')).status).toBe(401);
    expect(refusal(await anon.graphql('mutation { createLicense(title: "Anon") { id } }')).status).toBe(401);

    expect(refusal(await member.graphql('mutation { createLicense(title: "Sneaky") { id } }')).status).toBe(403);
    expect(
      refusal(await member.graphql('mutation($id: ID!) { updateLicense(id: $id, title: "Sneaky") { id } }', { id: mine.id })).status,
    ).toBe(403);
    expect(refusal(await member.graphql('mutation($id: ID!) { deleteLicense(id: $id) }', { id: mine.id })).status).toBe(403);
    // Another account's admin, and an id nobody has: not found.
    expect(
      refusal(await other.c.graphql('mutation($id: ID!) { updateLicense(id: $id, title: "Foreign") { id } }', { id: mine.id })).status,
    ).toBe(404);
    expect(refusal(await other.c.graphql('mutation($id: ID!) { deleteLicense(id: $id) }', { id: mine.id })).status).toBe(404);
    expect(refusal(await c.graphql('mutation($id: ID!) { deleteLicense(id: $id) }', { id: L(99_999_999) })).status).toBe(404);
    // Invalid input: the REST schema's field errors; an id of another type or none at all is not a licence id.
    const blank = refusal(await c.graphql('mutation { createLicense(title: "   ") { id } }'));
    expect(blank).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(blank.errors.title).toEqual([expect.any(String)]);
    const long = refusal(await c.graphql('mutation($t: String!) { createLicense(title: $t) { id } }', { t: 'x'.repeat(201) }));
    expect(long.errors.title).toEqual([expect.any(String)]);
    expect(refusal(await c.graphql('mutation($id: ID!) { updateLicense(id: $id) { id } }', { id: mine.id })).status).toBe(400);
    expect(refusal(await c.graphql('mutation($id: ID!) { deleteLicense(id: $id) }', { id: A(numeric(mine.id)) })).message).toBe(
      'Invalid base64Id',
    );
    expect(refusal(await c.graphql('mutation { deleteLicense(id: "nonsense") }')).message).toBe('Invalid base64Id');

    const rows = await db().select().from(licences).where(eq(licences.accountId, accountId));
    expect(rows.map((r) => r.title)).toEqual(['Mine']);
    expect(data(await other.c.graphql('{ licenses { id } }')).licenses).toEqual([]);
  });

  it('sets an asset’s licences and copyright (EDIT); Asset, lists of assets and TokenAsset resolve them', async () => {
    const { c, accountId, project } = await team();
    const other = await team();
    const foreign = await create(other.c, 'Foreign');
    const terms = await create(c, 'Campaign', ', text: "<p>Campaign only</p>", requireConsensus: true');
    const credit = await create(c, 'Attribution');
    const poster = await kit.link(c, project.id, 'Poster');
    const flyer = await kit.link(c, project.id, 'Flyer');
    const plain = await kit.link(c, project.id, 'Plain');
    const viewer = await kit.collaborator(c, accountId, project.id, 'VIEW');
    const editor = await kit.collaborator(c, accountId, project.id, 'EDIT');

    const set = data(
      await editor.graphql(`mutation($a: ID!, $l: [ID!]!) { setAssetLicenses(assetId: $a, licenseIds: $l) { ${RIGHTS} } }`, {
        a: A(poster),
        l: [terms.id, credit.id, terms.id],
      }),
    ).setAssetLicenses;
    expect(set).toEqual({
      assetId: A(poster),
      copyright: { status: 'UNKNOWN', notice: '', isDownloadConsentRequired: false },
      licenses: [
        { id: credit.id, title: 'Attribution', license: '', requireConsensus: false },
        { id: terms.id, title: 'Campaign', license: '<p>Campaign only</p>', requireConsensus: true },
      ],
      requiresConsent: true,
    });
    const copyright = data(
      await c.graphql(
        `mutation($a: ID!) { updateAssetCopyright(assetId: $a, status: COPYRIGHTED, notice: " © Acme 2026 ", isDownloadConsentRequired: true) { ${RIGHTS} } }`,
        { a: A(flyer) },
      ),
    ).updateAssetCopyright;
    expect(copyright).toEqual({
      assetId: A(flyer),
      copyright: { status: 'COPYRIGHTED', notice: '© Acme 2026', isDownloadConsentRequired: true },
      licenses: [],
      requiresConsent: true,
    });
    // Only the given fields change; the licences stay.
    const partial = data(
      await c.graphql(`mutation($a: ID!) { updateAssetCopyright(assetId: $a, status: PUBLIC) { ${RIGHTS} } }`, { a: A(poster) }),
    ).updateAssetCopyright;
    expect(partial.copyright).toEqual({ status: 'PUBLIC', notice: '', isDownloadConsentRequired: false });
    expect(partial.licenses).toHaveLength(2);
    // REST sees the same rights.
    expect((await c.get(`/asset/${flyer}`)).body.data.copyright).toEqual({
      status: 'COPYRIGHTED',
      notice: '© Acme 2026',
      is_download_consent_required: true,
    });

    // Refusals: viewers may not, other accounts do not see the asset, foreign or unknown licences are not licences here.
    const setOn = (who: Client, assetId: string, ids: string[]) =>
      who.graphql('mutation($a: ID!, $l: [ID!]!) { setAssetLicenses(assetId: $a, licenseIds: $l) { assetId } }', { a: assetId, l: ids });
    expect(
      refusal(
        await env()
          .anon()
          .graphql('mutation($a: ID!) { updateAssetCopyright(assetId: $a, notice: "x") { assetId } }', { a: A(poster) }),
      ).status,
    ).toBe(401);
    expect(refusal(await setOn(viewer, A(poster), [])).status).toBe(403);
    expect(
      refusal(await viewer.graphql('mutation($a: ID!) { updateAssetCopyright(assetId: $a, notice: "x") { assetId } }', { a: A(poster) }))
        .status,
    ).toBe(403);
    expect(refusal(await setOn(other.c, A(poster), [foreign.id])).status).toBe(404);
    expect(refusal(await setOn(c, A(99_999_999), [])).status).toBe(404);
    const alien = refusal(await setOn(c, A(poster), [credit.id, foreign.id]));
    expect(alien.status).toBe(400);
    expect(alien.errors.licence_ids).toEqual([expect.any(String)]);
    expect(refusal(await setOn(c, A(poster), [L(99_999_999)])).status).toBe(400);
    expect(refusal(await setOn(c, L(poster), [])).message).toBe('Invalid base64Id');
    const noField = refusal(await c.graphql('mutation($a: ID!) { updateAssetCopyright(assetId: $a) { assetId } }', { a: A(poster) }));
    expect(noField.status).toBe(400);
    const tooLong = refusal(
      await c.graphql('mutation($a: ID!, $n: String!) { updateAssetCopyright(assetId: $a, notice: $n) { assetId } }', {
        a: A(poster),
        n: 'x'.repeat(2001),
      }),
    );
    expect(tooLong.errors['copyright.notice']).toEqual([expect.any(String)]);
    const badStatus = await c.graphql('mutation($a: ID!) { updateAssetCopyright(assetId: $a, status: MAYBE) { assetId } }', {
      a: A(poster),
    });
    expect(badStatus.body.errors?.[0]?.message).toMatch(/MAYBE/);
    const links = await db().select().from(assetLicences).where(eq(assetLicences.assetId, poster));
    expect(links.map((l) => L(l.licenceId)).sort()).toEqual([terms.id, credit.id].sort());
    const [posterRow] = await db().select().from(assets).where(eq(assets.id, poster));
    expect([posterRow?.copyrightStatus, posterRow?.copyrightNotice]).toEqual(['PUBLIC', '']);

    // The Asset type: one asset, and several in one document.
    const ASSET_RIGHTS =
      'copyright { status notice isDownloadConsentRequired } licenses { id title license requireConsensus } requiresConsent';
    const one = data(await viewer.graphql(`query($id: ID!) { asset(id: $id) { title ${ASSET_RIGHTS} } }`, { id: A(poster) })).asset;
    expect(one).toMatchObject({ title: 'Poster', copyright: { status: 'PUBLIC' }, requiresConsent: true });
    expect(one.licenses.map((l: { title: string }) => l.title)).toEqual(['Attribution', 'Campaign']);
    const many = data(
      await viewer.graphql(
        `query($a: ID!, $b: ID!, $c: ID!) { a: asset(id: $a) { ${ASSET_RIGHTS} } b: asset(id: $b) { ${ASSET_RIGHTS} } c: asset(id: $c) { ${ASSET_RIGHTS} } }`,
        { a: A(poster), b: A(flyer), c: A(plain) },
      ),
    );
    expect(many.b).toEqual({
      copyright: { status: 'COPYRIGHTED', notice: '© Acme 2026', isDownloadConsentRequired: true },
      licenses: [],
      requiresConsent: true,
    });
    expect(many.c).toEqual({
      copyright: { status: 'UNKNOWN', notice: '', isDownloadConsentRequired: false },
      licenses: [],
      requiresConsent: false,
    });

    // A list of assets (a permission token's sharedAssets, one batch): each asset with its own rights, in order.
    await db()
      .update(accounts)
      .set({ featureFlags: ['PUBLIC_ASSET_SHARING'] })
      .where(eq(accounts.id, accountId));
    const made = await c.post('/asset/permission-token', { asset_ids: [plain, poster, flyer], permission_level: 'VIEW' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const shared = data(
      await viewer.graphql(
        'query($t: String!) { sharedAssets(permissionToken: $t) { id title copyright { status notice isDownloadConsentRequired } licenses { id title requireConsensus } } }',
        { t: made.body.data.token },
      ),
    ).sharedAssets;
    expect(shared).toEqual([
      { id: A(plain), title: 'Plain', copyright: { status: 'UNKNOWN', notice: '', isDownloadConsentRequired: false }, licenses: [] },
      {
        id: A(poster),
        title: 'Poster',
        copyright: { status: 'PUBLIC', notice: '', isDownloadConsentRequired: false },
        licenses: [
          { id: credit.id, title: 'Attribution', requireConsensus: false },
          { id: terms.id, title: 'Campaign', requireConsensus: true },
        ],
      },
      {
        id: A(flyer),
        title: 'Flyer',
        copyright: { status: 'COPYRIGHTED', notice: '© Acme 2026', isDownloadConsentRequired: true },
        licenses: [],
      },
    ]);

    // Deleting a licence (GraphQL) takes it off the asset; the whole list can be emptied.
    data(await c.graphql('mutation($id: ID!) { deleteLicense(id: $id) }', { id: terms.id }));
    const after = data(await c.graphql('query($id: ID!) { asset(id: $id) { licenses { id } requiresConsent } }', { id: A(poster) })).asset;
    expect(after).toEqual({ licenses: [{ id: credit.id }], requiresConsent: false });
    expect(data(await setOn(c, A(poster), [])).setAssetLicenses).toEqual({ assetId: A(poster) });
    expect(await db().select().from(assetLicences).where(eq(assetLicences.assetId, poster))).toEqual([]);
  });

  it('records a usage consent with acceptAssetConsent; its token lets the download through for that person only', async () => {
    const { c, accountId, project, owner } = await team();
    const other = await team();
    const photo = await jpeg(40, 30);
    const asset = await uploadAsset(env(), c, project.id, 'photo.jpg', photo, 'Beach');
    const terms = await create(c, 'Campaign terms', ', text: "Use in the campaign only.", requireConsensus: true');
    data(
      await c.graphql('mutation($a: ID!, $l: [ID!]!) { setAssetLicenses(assetId: $a, licenseIds: $l) { assetId } }', {
        a: A(asset.id),
        l: [terms.id],
      }),
    );
    expect((await fetchBytes(c, `/api/asset/${asset.id}/download`)).status).toBe(409);
    const viewer = await kit.collaborator(c, accountId, project.id, 'VIEW');

    const accept = (who: Client, assetIds: string[], licenseIds: string[]) =>
      who.graphql(
        'mutation($a: [ID!]!, $l: [ID!]!) { acceptAssetConsent(assetIds: $a, licenseIds: $l) { consentToken expiresAt recorded } }',
        {
          a: assetIds,
          l: licenseIds,
        },
      );
    // Refusals, none recorded: visitors, other accounts, unknown assets, a licence not shown, no licence, no asset.
    expect(refusal(await accept(env().anon(), [A(asset.id)], [terms.id])).status).toBe(401);
    expect(refusal(await accept(other.c, [A(asset.id)], [terms.id])).status).toBe(404);
    expect(refusal(await accept(c, [A(asset.id), A(99_999_999)], [terms.id])).status).toBe(404);
    const stranger = await create(c, 'Unrelated');
    expect(refusal(await accept(c, [A(asset.id)], [terms.id, stranger.id])).errors.licence_ids).toEqual([expect.any(String)]);
    expect(refusal(await accept(c, [A(asset.id)], [])).status).toBe(409);
    expect(refusal(await accept(c, [], [terms.id])).errors.asset_ids).toEqual([expect.any(String)]);
    expect(await db().select().from(consentAcceptances).where(eq(consentAcceptances.accountId, accountId))).toEqual([]);

    const granted = data(await accept(c, [A(asset.id)], [terms.id])).acceptAssetConsent;
    expect(granted).toMatchObject({ consentToken: expect.any(String), expiresAt: expect.any(String), recorded: 1 });
    const rows = await db().select().from(consentAcceptances).where(eq(consentAcceptances.accountId, accountId));
    expect(rows.map((r) => [r.userId, L(r.licenceId as number), r.licenceTitle, r.assetIds])).toEqual([
      [owner.id, terms.id, 'Campaign terms', [asset.id]],
    ]);
    const ok = await fetchBytes(c, `/api/asset/${asset.id}/download?consent=${encodeURIComponent(granted.consentToken)}`);
    expect(ok.status).toBe(200);
    expect(ok.bytes.equals(photo)).toBe(true);
    // The token is the owner's: a viewer holding it is still asked, and accepts for themselves.
    expect((await fetchBytes(viewer, `/api/asset/${asset.id}/download?consent=${encodeURIComponent(granted.consentToken)}`)).status).toBe(
      409,
    );
    expect(data(await accept(viewer, [A(asset.id)], [terms.id])).acceptAssetConsent.recorded).toBe(1);
  });
});
