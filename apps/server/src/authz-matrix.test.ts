// Long by design: one row per route and GraphQL operation (the table must stay whole); helpers live in test/authz-*.ts.
/**
 * The authorisation matrix (security issue #9): every route and every GraphQL operation, called by each kind of
 * caller, with the answer each one must get. One cell is one test, named `<route> › <caller> → <status>`.
 *
 * Adding a route or a GraphQL operation? The completeness tests fail until it has a row:
 * 1. In MATRIX (REST) or GRAPHQL_MATRIX: a row `'METHOD /api/path/:param': { anon: …, …, bearer: … }` with the
 *    answer (HTTP status) each caller must get. Routes mounted under /api and /v1 have one row, keyed by /api;
 *    the bearer column calls the /v1 path. A route may have several rows, with a variant in parentheses after the
 *    path (`'GET /api/download/:token (unknown token)'`).
 * 2. In REQUESTS or GRAPHQL_REQUESTS, under the same key: how a caller makes that request. Write domain paths
 *    without their prefix (`x.c.get('/brand/1')` goes to /api, or /v1 for the bearer); paths that exist only under
 *    /api are written with it. Send a valid body, so the answer shows the permission decision; a request that
 *    changes or deletes something takes a fresh record from the World (`w.freshLinkAsset()`…) so cells do not
 *    interfere.
 *
 * The callers: `anon` (no session), `outsider` (a MEMBER of the account without access to the library),
 * `view`/`comment`/`edit`/`projectAdmin` (MEMBERs with that collaborator level on the library under test),
 * `accountAdmin` (role SUPER_USER) and `bearer` (a personal API token of that account admin, on /v1 and GraphQL).
 * A GraphQL cell's answer is the `extensions.status` of its first error, or the HTTP status when there is none.
 * The server runs with `uncheckedIds: 'enforce'`: a 500 means a request used an id the access module never checked.
 */
import { createHash } from 'node:crypto';
import { encodeBase64Id, projectChannel, userChannel } from '@emblem/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts } from './db/schema.js';
import { schema } from './graphql/plugin.js';
import { createToken } from './modules/tokens/operations.js';
import { fastifyRoutes, graphqlAnswer, raw, routeOf, shape, tus, tusMetadata, uniq, uniqExt } from './test/authz-http.js';
import { type Answers, CALLERS, type Caller, loadPng, PNG, type Send, submitThrough, World } from './test/authz-world.js';
import { Client, forEachBackend } from './test/harness.js';
import { fetchBytes, graphqlUpload, upload } from './test/media.js';
import { channelAnswer, socketAnswer } from './test/realtime.js';

/** Rows that are not Fastify routes: the web app answers every other GET (404 here, where the app is not built). */
const NOT_FASTIFY_ROUTES = new Set(['GET /*']);

// biome-ignore format: the matrix reads as a table
const MATRIX: Record<string, Answers> = {
  // Health and sign-in: only under /api, where a bearer token is refused (401) even on public routes.
  'GET /api/health':                                   { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 401 },
  'POST /api/auth/login':                              { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 401 },
  'POST /api/auth/logout':                             { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 401 },
  'GET /api/auth/session':                             { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 401 },
  'GET /api/auth/sessions':                            { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 401 },
  'DELETE /api/auth/sessions/:id (own)':               { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 401 },
  "DELETE /api/auth/sessions/:id (another user's)":    { anon: 401, outsider: 404, view: 404, comment: 404, edit: 404, projectAdmin: 404, accountAdmin: 404, bearer: 401 },
  'GET /api/auth/invitation/:token':                   { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 401 },
  'GET /api/auth/invitation/:token (unknown token)':   { anon: 404, outsider: 404, view: 404, comment: 404, edit: 404, projectAdmin: 404, accountAdmin: 404, bearer: 401 },
  'POST /api/auth/invitation/accept':                  { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 401 },
  'POST /api/auth/password-reset':                     { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 401 },
  'POST /api/auth/password-reset/confirm':             { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 401 },
  'POST /api/auth/password-reset/confirm (unknown token)': { anon: 400, outsider: 400, view: 400, comment: 400, edit: 400, projectAdmin: 400, accountAdmin: 400, bearer: 401 },

  // The account: members read it; admins manage it.
  'GET /api/account':                                  { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PATCH /api/account':                                { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'GET /api/account/trial-extend':                     { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'GET /api/account/usage':                            { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/account/usage/storage':                    { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/account/users':                            { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'POST /api/account/users/invite':                    { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 201, bearer: 201 },
  'PATCH /api/account/users/:userId':                  { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'DELETE /api/account/users/:userId':                 { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'POST /api/account/users/:userId/invitation':        { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'DELETE /api/account/users/:userId/invitation':      { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'POST /api/account/blocked-extensions':              { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 201, bearer: 201 },
  'PUT /api/account/blocked-extensions/:extension':    { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'DELETE /api/account/blocked-extensions/:extension': { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'PUT /api/development/flag/:flag':                   { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'DELETE /api/development/flag/:flag':                { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'GET /api/access-requests':                          { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/access-requests':                         { anon: 401, outsider: 201, view: 201, comment: 201, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  "PATCH /api/access-requests/:id (another member's)": { anon: 401, outsider: 404, view: 404, comment: 404, edit: 404, projectAdmin: 404, accountAdmin: 200, bearer: 200 },

  // One's own user, profile and API tokens (tokens only with a session).
  'GET /api/user/info':                                { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/user/info/:userId':                        { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PUT /api/user/profile':                             { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PUT /api/user/password':                            { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 403 },
  'POST /api/user/email-verification':                 { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/user/email-verification (unknown token)': { anon: 404, outsider: 404, view: 404, comment: 404, edit: 404, projectAdmin: 404, accountAdmin: 404, bearer: 404 },
  'POST /api/user/:userId/email-verification (own)':   { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 403 },
  "POST /api/user/:userId/email-verification (another member's)":
                                                       { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 403, bearer: 403 },
  'POST /api/user/tokens':                             { anon: 401, outsider: 201, view: 201, comment: 201, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 403 },
  'GET /api/user/tokens':                              { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 403 },
  'DELETE /api/user/tokens/:id (own)':                 { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 403 },
  "DELETE /api/user/tokens/:id (another user's)":      { anon: 401, outsider: 404, view: 404, comment: 404, edit: 404, projectAdmin: 404, accountAdmin: 404, bearer: 403 },
  'GET /api/navigation/user':                          { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },

  // Pages every visitor sees; account admins design them.
  'GET /api/error-page/:code':                         { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PUT /api/error-page/:code':                         { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'GET /api/login-page':                               { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PUT /api/login-page':                               { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },

  // Brands: every member sees the account's brands; account admins change them.
  'GET /api/brand':                                    { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/brand':                                   { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 201, bearer: 201 },
  'GET /api/brand/:id':                                { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PATCH /api/brand/:id':                              { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'DELETE /api/brand/:id':                             { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'PUT /api/brand/:id/favourite':                      { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'DELETE /api/brand/:id/favourite':                   { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/brand/:id/home':                           { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/brand/:brandId/projects':                  { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },

  // Guideline portals: read as their visibility admits (visitors too, for PUBLIC ones); changed by account admins.
  'GET /api/portal (by brand)':                        { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/portal (by token of a PUBLIC portal)':     { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/portal/:id (ACCOUNT portal)':              { anon: 404, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/portal/:id (PUBLIC portal)':               { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/portal/:id (EDITORS portal)':              { anon: 404, outsider: 404, view: 404, comment: 404, edit: 404, projectAdmin: 404, accountAdmin: 200, bearer: 200 },
  'POST /api/portal':                                  { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 201, bearer: 201 },
  'PATCH /api/portal/:id':                             { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'POST /api/portal/:id/cover-page-template-settings/reset': { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'POST /api/portal/:id/cover-page-template-asset/reset': { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'GET /api/portal/:id/token':                         { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'POST /api/portal/:id/token':                        { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },

  // Guideline documents (STYLEGUIDE projects) of the ACCOUNT portal, published unless said, with the collaborators at their levels:
  // readers the portal admits read published content, levels read drafts, EDIT edits, ADMIN publishes and deletes.
  'GET /api/portal/:id/documents':                     { anon: 404, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/portal/:id/documents':                    { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 201, bearer: 201 },
  'GET /api/hub/pages/:id':                            { anon: 404, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/document/:id':                             { anon: 404, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/color/library/:id':                        { anon: 404, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/document/:id (unpublished)':               { anon: 404, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PATCH /api/document/:id':                           { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PATCH /api/document/:id (published)':               { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'DELETE /api/document/:id (unpublished)':            { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/document/:id/restore':                    { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/document/:id/trash':                       { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/document/:id/pages':                      { anon: 401, outsider: 403, view: 403, comment: 403, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'GET /api/page/:id':                                 { anon: 404, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/page/:id (PUBLIC portal)':                 { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PATCH /api/page/:id':                               { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'DELETE /api/page/:id':                              { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/page/:id/restore':                        { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/page/:id/revisions':                       { anon: 401, outsider: 403, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/page/:id/revisions/:revisionId':           { anon: 401, outsider: 403, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/page/:id/revisions/:revisionId/restore':  { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/page/:id/headings':                       { anon: 401, outsider: 403, view: 403, comment: 403, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'PATCH /api/heading/:id':                            { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'DELETE /api/heading/:id':                           { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/heading/:id/restore':                     { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/page/:id/sections':                       { anon: 401, outsider: 403, view: 403, comment: 403, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'PATCH /api/section/:id':                            { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'DELETE /api/section/:id':                           { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/section/:id/restore':                     { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/section/:id/move':                        { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'DELETE /api/page/:id/tab-group/:groupId':           { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/section/:id/blocks':                      { anon: 401, outsider: 403, view: 403, comment: 403, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'GET /api/document/block/:id':                       { anon: 404, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PATCH /api/document/block/:id':                     { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'DELETE /api/document/block/:id':                    { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/document/block/:id/restore':              { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/document/block/:id/move':                 { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },

  // The library under test: VIEW reads, EDIT changes its contents, ADMIN manages it; the outsider does not see it.
  'POST /api/project/add':                             { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 201, bearer: 201 },
  'POST /api/project/add (workspace project)':         { anon: 401, outsider: 201, view: 201, comment: 201, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'GET /api/project/list/:accountId':                  { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/project/:id':                              { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PATCH /api/project/:id':                            { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'DELETE /api/project/:id':                           { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/project/:id/blocked-extensions':          { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'PUT /api/project/:id/blocked-extensions/:extension':{ anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'DELETE /api/project/:id/blocked-extensions/:extension':
                                                       { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/project/:id/download-custom-sizes':        { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/project/:id/download-custom-sizes':       { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'PUT /api/project/:id/download-custom-sizes/:size':  { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'DELETE /api/project/:id/download-custom-sizes/:size':
                                                       { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/project/:id/users':                        { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PUT /api/project/:id/user/:userId':                 { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'DELETE /api/project/:id/user/:userId':              { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/project/:id/asset-extension':              { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PUT /api/project/:id/group/:groupId':               { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'DELETE /api/project/:id/group/:groupId':            { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/project/:id/set':                          { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/project/:id/sets':                         { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/set/create/:projectId':                   { anon: 401, outsider: 404, view: 403, comment: 403, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },

  // Collections: their library's levels (VIEW reads, EDIT changes); the assets named are claims checked one by one.
  'GET /api/brand/:id/collections':                    { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/project/:id/collections':                  { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/project/:id/collections':                 { anon: 401, outsider: 404, view: 403, comment: 403, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'GET /api/collection/:id':                           { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PATCH /api/collection/:id':                         { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'DELETE /api/collection/:id':                        { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/collection/:id/assets':                    { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/collection/:id/assets':                   { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/collection/:id/assets/remove':            { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },

  // Share links: managed by editors of what they share; visitors look them up and unlock them by address token.
  'POST /api/share-link':                              { anon: 401, outsider: 404, view: 403, comment: 403, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'GET /api/project/:id/share-links':                  { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PATCH /api/share-link/:id':                         { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/share-link/:id/address':                  { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'DELETE /api/share-link/:id':                        { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  // Licences and usage consent (decision 0031): members read licences, account admins manage them and export acceptances.
  // Tags (decision 0038): library viewers read tags and suggestions; editors tag assets and rename or delete tags.
  'POST /api/tags':                                    { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/tag/search':                              { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/tag/search':                               { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  // Search (decision 0039): any member searches the projects they can see (none for an outsider); a library filter is a claim.
  'POST /api/asset/search':                            { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/asset/search (library filter)':           { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/asset/search/suggestions':                 { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/tag':                                      { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/project/:id/tag/rename':                  { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/project/:id/tag/delete':                  { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  // Custom metadata (decision 0040): members read a brand's properties (a library's list needs VIEW on it, as asked
  // here); account admins manage them; editors set values.
  'GET /api/brand/:id/custom-metadata-properties':     { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/brand/:id/custom-metadata-properties':    { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 201, bearer: 201 },
  'PATCH /api/custom-metadata-property/:id':           { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'DELETE /api/custom-metadata-property/:id':          { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'POST /api/custom-metadata-property/:id/move':       { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'POST /api/asset/custom-metadata':                   { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/asset/custom-metadata/selection':         { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  // Duplicates (decision 0042): VIEW looks, EDIT resolves.
  'GET /api/project/:id/duplicates':                   { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/project/:id/duplicates/:groupId':          { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/project/:id/duplicates/:groupId/resolve': { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/asset/:id/duplicates':                     { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },

  'GET /api/licences':                                 { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/licence':                                 { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 201, bearer: 201 },
  'PATCH /api/licence/:id':                            { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'DELETE /api/licence/:id':                           { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'PUT /api/asset/:id/licences':                       { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },

  // Comments (decision 0046): VIEW reads, COMMENT writes; only the author edits; the author or a project admin deletes.
  'GET /api/asset/:id/comments':                       { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/asset/:id/comments':                      { anon: 401, outsider: 404, view: 403, comment: 201, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'POST /api/comment/:id/replies':                     { anon: 401, outsider: 404, view: 403, comment: 201, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'PATCH /api/comment/:id (own)':                      { anon: 401, outsider: 404, view: 403, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  "PATCH /api/comment/:id (another user's)":           { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 403, bearer: 403 },
  'DELETE /api/comment/:id (own)':                     { anon: 401, outsider: 404, view: 403, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  "DELETE /api/comment/:id (another user's)":          { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PUT /api/comment/:id/resolved':                     { anon: 401, outsider: 404, view: 403, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },

  // One's own notifications and their switches (decision 0050): anyone else's is 404.
  'GET /api/notifications':                            { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/notifications/unread-count':               { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/notifications/read-all':                  { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PUT /api/notification/:id/read (own)':              { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  "PUT /api/notification/:id/read (another user's)":   { anon: 401, outsider: 404, view: 404, comment: 404, edit: 404, projectAdmin: 404, accountAdmin: 404, bearer: 404 },
  'GET /api/user/notification-settings':               { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PUT /api/user/notification-settings':               { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  // Realtime (decision 0047): the socket needs a caller; each channel's answer is signed, or refused with its status.
  'GET /api/realtime':                                 { anon: 401, outsider: 101, view: 101, comment: 101, edit: 101, projectAdmin: 101, accountAdmin: 101, bearer: 101 },
  'POST /api/pusher/auth (own user channel)':          { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  "POST /api/pusher/auth (another user's channel)":    { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 403, bearer: 403 },
  "POST /api/pusher/auth (the library's presence)":    { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/asset/consent':                            { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/asset/consent':                           { anon: 401, outsider: 404, view: 201, comment: 201, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'GET /api/consent-acceptances.csv':                  { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'POST /api/guideline-block/:blockId/consent':        { anon: 404, outsider: 201, view: 201, comment: 201, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 401 },
  'GET /api/share-link/:token':                        { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 401 },
  'POST /api/share-link/:token/unlock':                { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 401 },
  // Share-link visitors: the address is the credential, for everyone alike (only /api, so API tokens are refused).
  'GET /api/share-link/:token/folders/:folderId':      { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 401 },
  'GET /api/share-link/:token/assets':                 { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 401 },
  'GET /api/share-link/:token/consent':                { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 401 },
  'POST /api/share-link/:token/consent':               { anon: 201, outsider: 201, view: 201, comment: 201, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 401 },
  'GET /api/share-link/:token/assets/:assetId':        { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 401 },
  'GET /api/share-link/:token/assets/:assetId/download': { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 401 },
  'GET /api/share-link/:token/download.zip':           { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 401 },
  // Submission requests (decision 0032): managed by editors of their library; people without an account use a token's address.
  'GET /api/project/:id/submission-requests':          { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/project/:id/submission-requests':         { anon: 401, outsider: 404, view: 403, comment: 403, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'GET /api/submission-request/:id':                   { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PATCH /api/submission-request/:id':                 { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'DELETE /api/submission-request/:id':                { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/submission-request/:id/tokens':           { anon: 401, outsider: 404, view: 403, comment: 403, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'DELETE /api/submission-token/:id':                  { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/asset/submissions/accept':                { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/submission/:token':                        { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 401 },
  'POST /api/submission/:token/upload':                { anon: 201, outsider: 201, view: 201, comment: 201, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 401 },
  // Workflow statuses of a workspace (decision 0045): VIEW reads, EDIT moves assets, project ADMIN manages; a
  // Assignments and checklists of workspace assets, checklist presets (decision 0048): VIEW reads, EDIT changes.
  'GET /api/asset/:id/assignment':                     { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PATCH /api/asset/:id/assignment':                   { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/asset/:id/checklist':                     { anon: 401, outsider: 404, view: 403, comment: 403, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'PUT /api/asset/:id/checklist/order':                { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PATCH /api/checklist-item/:id':                     { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'DELETE /api/checklist-item/:id':                    { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/project/:projectId/checklist-presets':     { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/project/:projectId/checklist-presets':    { anon: 401, outsider: 404, view: 403, comment: 403, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'PATCH /api/checklist-preset/:id':                   { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'DELETE /api/checklist-preset/:id':                  { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/checklist-preset/:id/apply':              { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  // permission token names its workspace's statuses to anyone holding it.
  'GET /api/project/:projectId/board':                 { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/project/:projectId/activity':              { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/project/status/:projectId':                { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/workflow-status/list':                    { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PUT /api/workflows/status-item/status/:statusId':   { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/project/:projectId/status':               { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'PATCH /api/project/status/item/:statusId':          { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PUT /api/project/:projectId/status/order':          { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'DELETE /api/project/status/item/:statusId':         { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  // Approval requests on workspace assets (decision 0049; the APPROVAL_REQUESTS flag is on): VIEW reads, EDIT asks,
  // reviewers vote, the requester or a project ADMIN cancels and changes reviewers. The audit trail needs VIEW.
  'POST /api/project/:projectId/approval-requests':    { anon: 401, outsider: 404, view: 403, comment: 403, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'GET /api/asset/:id/approval-requests':              { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/approval-request/:id':                     { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PUT /api/approval-request/:id/vote (a reviewer)':   { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PUT /api/approval-request/:id/vote (not a reviewer)': { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 403, bearer: 403 },
  "POST /api/approval-request/:id/cancel (another user's)": { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  "PATCH /api/approval-request/:id/reviewers (another user's)": { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/asset/:id/audit-trail':                    { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  // Permission tokens: VIEW on every named asset makes one (decision 0034).
  'POST /api/asset/permission-token':                   { anon: 401, outsider: 404, view: 201, comment: 201, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'PATCH /api/set/:id':                                { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'DELETE /api/set/:id':                               { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },

  // User groups (USER_GROUPS is on): members list them; account admins manage them.
  'POST /api/groups':                                  { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 201, bearer: 201 },
  'GET /api/groups/list':                              { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/groups/:id':                               { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PATCH /api/groups/:id':                             { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'PUT /api/groups/:id':                               { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'DELETE /api/groups/:id':                            { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'PUT /api/groups/:id/members':                       { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },

  // Assets and attachments of the library.
  'POST /api/asset':                                   { anon: 401, outsider: 404, view: 403, comment: 403, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'POST /api/asset (link asset)':                      { anon: 401, outsider: 404, view: 403, comment: 403, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'POST /api/asset/list':                              { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/asset/:id':                                { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'PATCH /api/asset/:id':                              { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'DELETE /api/asset/:id':                             { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/screen/delete':                           { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  // The library's trash (decision 0025): EDIT lists and restores, project ADMIN (account admins too) empties it.
  'GET /api/project/:id/trash':                        { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/project/:id/trash/restore':               { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'DELETE /api/project/:id/trash':                     { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/asset/:id/restore':                       { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/set/:id/restore':                         { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/asset/:id/sort':                          { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/asset/:id/revision':                      { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/asset/:id/revisions':                      { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/screen/data/:id':                          { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/assets/transfer':                         { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/asset-attachment':                        { anon: 401, outsider: 404, view: 403, comment: 403, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'DELETE /api/asset-attachment/:id':                  { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/attachment/update/:id':                   { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },

  // Downloads: VIEW downloads; a prepared ZIP's link is its own credential.
  'GET /api/asset/:id/download':                       { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/asset/:id/zoom':                           { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/asset-attachment/:id/download':            { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/asset/bulk-download':                     { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/download/:token':                          { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/asset/:id/media-token':                   { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'POST /api/project/:id/media-tokens':                { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/download/:token (creator lost access)':    { anon: 403, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 403, bearer: 403 },
  'GET /api/download/:token (unknown token)':          { anon: 404, outsider: 404, view: 404, comment: 404, edit: 404, projectAdmin: 404, accountAdmin: 404, bearer: 404 },

  // Uploads: into the library with EDIT, setting images for everyone; a tus upload is its creator's alone (`edit` made it).
  'POST /api/upload':                                  { anon: 401, outsider: 404, view: 403, comment: 403, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'POST /api/upload (purpose=image)':                  { anon: 401, outsider: 201, view: 201, comment: 201, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'POST /api/upload/tus':                              { anon: 401, outsider: 404, view: 403, comment: 403, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'HEAD /api/upload/tus':                              { anon: 401, outsider: 404, view: 404, comment: 404, edit: 404, projectAdmin: 404, accountAdmin: 404, bearer: 404 },
  'PATCH /api/upload/tus':                             { anon: 401, outsider: 404, view: 404, comment: 404, edit: 404, projectAdmin: 404, accountAdmin: 404, bearer: 404 },
  'DELETE /api/upload/tus':                            { anon: 401, outsider: 404, view: 404, comment: 404, edit: 404, projectAdmin: 404, accountAdmin: 404, bearer: 404 },
  'OPTIONS /api/upload/tus':                           { anon: 204, outsider: 204, view: 204, comment: 204, edit: 204, projectAdmin: 204, accountAdmin: 204, bearer: 204 },
  'POST /api/upload/tus/:uploadId':                    { anon: 401, outsider: 404, view: 403, comment: 403, edit: 201, projectAdmin: 201, accountAdmin: 201, bearer: 201 },
  'HEAD /api/upload/tus/:uploadId':                    { anon: 401, outsider: 404, view: 404, comment: 404, edit: 200, projectAdmin: 404, accountAdmin: 404, bearer: 404 },
  'PATCH /api/upload/tus/:uploadId':                   { anon: 401, outsider: 404, view: 404, comment: 404, edit: 204, projectAdmin: 404, accountAdmin: 404, bearer: 404 },
  'DELETE /api/upload/tus/:uploadId':                  { anon: 401, outsider: 404, view: 404, comment: 404, edit: 204, projectAdmin: 404, accountAdmin: 404, bearer: 404 },
  'OPTIONS /api/upload/tus/:uploadId':                 { anon: 204, outsider: 204, view: 204, comment: 204, edit: 204, projectAdmin: 204, accountAdmin: 204, bearer: 204 },
  'GET /api/upload/tus/:uploadId/file':                { anon: 401, outsider: 400, view: 400, comment: 400, edit: 200, projectAdmin: 400, accountAdmin: 400, bearer: 400 },
  'GET /api/file-icon/:name':                          { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },

  // Public media: the signature or the 128-bit token is the credential, whoever calls.
  // The public guideline reader (server-rendered pages and the downloads its blocks offer): what the portal's visibility
  // admits, published content only; root pages ignore bearer tokens (browsers), so the bearer reads as a visitor there.
  'GET /hub/:portalId (ACCOUNT portal)':               { anon: 404, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 404 },
  'GET /hub/:portalId/:language (PUBLIC portal)':      { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /document/:documentId (ACCOUNT portal)':        { anon: 404, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 404 },
  'GET /document/:documentId/:pageId (PUBLIC portal)': { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /d/:token':                                     { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /d/:token/:segment':                            { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /d/:token/:segment/:slug':                      { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/guideline-block/:blockId/assets':          { anon: 404, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 401 },
  'GET /api/guideline-block/:blockId/assets/:assetId/download': { anon: 404, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/guideline-block/:blockId/assets/:assetId/stream (not a video)': { anon: 404, outsider: 404, view: 404, comment: 404, edit: 404, projectAdmin: 404, accountAdmin: 404, bearer: 404 },
  'GET /api/guideline-block/:blockId/consent':         { anon: 404, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /api/guideline-block/:blockId/download.zip':    { anon: 404, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /media/:assetToken/:revisionId':                { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /media/:assetToken/:revisionId (bad signature)':{ anon: 403, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 403, bearer: 403 },
  'GET /media/:assetToken/:revisionId (expired)':      { anon: 403, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 403, bearer: 403 },
  'GET /media/:assetToken/:revisionId (rotated token)':{ anon: 404, outsider: 404, view: 404, comment: 404, edit: 404, projectAdmin: 404, accountAdmin: 404, bearer: 404 },
  'GET /media/:assetToken/:revisionId/:variant':       { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /media/image/:name':                            { anon: 200, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /media/image/:name (unknown image)':            { anon: 404, outsider: 404, view: 404, comment: 404, edit: 404, projectAdmin: 404, accountAdmin: 404, bearer: 404 },

  // GraphQL's transport (its operations are in GRAPHQL_MATRIX) and the web app.
  'POST /graphql-internal':                            { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /graphql-internal':                             { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'GET /graphql-internal (a mutation)':                { anon: 401, outsider: 405, view: 405, comment: 405, edit: 405, projectAdmin: 405, accountAdmin: 405, bearer: 405 },
  'GET /*':                                            { anon: 404, outsider: 404, view: 404, comment: 404, edit: 404, projectAdmin: 404, accountAdmin: 404, bearer: 404 },
};

// biome-ignore format: the matrix reads as a table
const GRAPHQL_MATRIX: Record<string, Answers> = {
  'query account':                                     { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'query accountFlags':                                { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'query currentUser':                                 { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'query brands':                                      { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'query brand':                                       { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'query brandHome':                                   { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'query workspaceAssetSearch':                        { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'query librariesAndProjects':                        { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'query userGroups':                                  { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'query asset':                                       { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation createComment':                            { anon: 401, outsider: 404, view: 403, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation replyToComment':                           { anon: 401, outsider: 404, view: 403, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation editComment':                              { anon: 401, outsider: 404, view: 403, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation deleteComment':                            { anon: 401, outsider: 404, view: 403, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation resolveComment':                           { anon: 401, outsider: 404, view: 403, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'query notifications':                               { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'query unreadNotificationCount':                     { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'query notificationSettings':                        { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation markNotification':                         { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation markAllNotificationsRead':                 { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation updateNotificationSettings':               { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation setAccountFlag':                           { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'mutation createBrand':                              { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'mutation createAsset':                              { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation uploadFile':                               { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'query libraryPageCollections':                      { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'query collection':                                  { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation createCollection':                         { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation updateCollection':                         { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation deleteCollection':                         { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation addCollectionAssets':                      { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation removeCollectionAssets':                   { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation createAssetSubmissionRequest':             { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation issueAssetSubmissionRequestToken':         { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation deleteAssetSubmissionRequest':             { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  // Share links and permission tokens (data-api.md §7.2, §7.3): the REST operations; a token's grant is the token's, whoever asks.
  'query shareLinksByUsageKeys':                        { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation createShareLink':                           { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation updateShareLink':                           { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation renewShareLinkAddress':                     { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation deleteShareLink':                           { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation createPermissionToken':                     { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'query assetViewerWithToken':                         { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'query sharedAssets':                                 { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  // Licences, copyright and usage consent (licences/graphql.ts): the REST operations and their answers (201 is 200 here).
  'query licenses':                                    { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation createLicense':                            { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'mutation updateLicense':                            { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'mutation deleteLicense':                            { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'mutation setAssetLicenses':                         { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  // Custom metadata (metadata/graphql.ts): the REST operations and their answers (201 is 200 here).
  'query customMetadataProperties':                    { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'query metadataSelection':                           { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation createCustomMetadataProperty':             { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'mutation updateCustomMetadataProperty':             { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'mutation deleteCustomMetadataProperty':             { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'mutation moveCustomMetadataProperty':               { anon: 401, outsider: 403, view: 403, comment: 403, edit: 403, projectAdmin: 403, accountAdmin: 200, bearer: 200 },
  'mutation addCustomMetadataToAssets':                { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation setCustomMetadataOnAssets':                { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation removeCustomMetadataFromAssets':           { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation updateAssetCopyright':                     { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation acceptAssetConsent':                       { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  // Workflow statuses (workflows/graphql.ts): the REST operations and their answers.
  'query workflowStatuses':                            { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation moveAssetsToWorkflowStatus':               { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  // Approval requests (approvals/graphql.ts): the REST operations and their answers.
  'query approvalRequest':                             { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation createApprovalRequest':                    { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation voteOnApprovalRequest':                    { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation cancelApprovalRequest':                    { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation changeApprovalReviewers':                  { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  // Assignments (assignments/graphql.ts): the REST operations and their answers.
  'mutation updateAssetAssignment':                    { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation addChecklistItem':                         { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation updateChecklistItem':                      { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation deleteChecklistItem':                      { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation reorderChecklist':                         { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation updateWorkspaceProject':                   { anon: 401, outsider: 404, view: 403, comment: 403, edit: 403, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'query workflowChecklistPresets':                    { anon: 401, outsider: 404, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation createWorkflowChecklistPreset':            { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation updateWorkflowChecklistPreset':            { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation deleteWorkflowChecklistPreset':            { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation applyWorkflowChecklistPreset':             { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  // Guideline structure (data-api.md §7.3): the same operations and answers as their REST twins.
  'query guideline':                                   { anon: 401, outsider: 200, view: 200, comment: 200, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation createPageHeading':                        { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation updatePageHeading':                        { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation deletePageHeading':                        { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation restorePageHeading':                       { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation createSection':                            { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation updateSection':                            { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation deleteSection':                            { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation restoreSection':                           { anon: 401, outsider: 404, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation moveSection':                              { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation deleteTabGroup':                           { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation moveElement':                              { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
  'mutation deleteElement':                            { anon: 401, outsider: 403, view: 403, comment: 403, edit: 200, projectAdmin: 200, accountAdmin: 200, bearer: 200 },
};

/** Two assets of the library under test with one new file's content: an exact duplicate group of their own. */
async function freshDuplicates(w: World): Promise<{ groupId: string; ids: number[] }> {
  const bytes = Buffer.from(`%PDF-1.4\n% ${uniq('duplicate ')}\n%%EOF\n`);
  const ids: number[] = [];
  for (const name of ['one.pdf', 'two.pdf']) {
    const file = await w.env.factories.file(w.owner.actor, { name, bytes, mime: 'application/pdf' });
    ids.push((await w.made(w.setup.post('/asset', { file_id: file.id, project_id: w.libraryId }))).id);
  }
  return { groupId: `e-${createHash('sha256').update(bytes).digest('hex')}`, ids };
}

const REQUESTS: Record<string, Send> = {
  'GET /api/health': (x) => x.c.get('/api/health'),
  'POST /api/auth/login': (x) => x.c.post('/api/auth/login', { email: x.self.email, password: x.w.passwordOf(x.self) }),
  'POST /api/auth/logout': async (x) => {
    // A session of its own, so the caller's session survives.
    const c = x.me && x.who !== 'bearer' ? (await x.w.mintSession(x.me)).client : x.c;
    return c.post('/api/auth/logout');
  },
  'GET /api/auth/session': (x) => x.c.get('/api/auth/session'),
  'GET /api/auth/sessions': (x) => x.c.get('/api/auth/sessions'),
  'DELETE /api/auth/sessions/:id (own)': async (x) => x.c.delete(`/api/auth/sessions/${(await x.w.mintSession(x.self)).id}`),
  "DELETE /api/auth/sessions/:id (another user's)": (x) => x.c.delete(`/api/auth/sessions/${x.w.ownerSessionId}`),
  'GET /api/auth/invitation/:token': (x) => x.c.get(`/api/auth/invitation/${x.w.invitationToken}`),
  'GET /api/auth/invitation/:token (unknown token)': (x) => x.c.get(`/api/auth/invitation/${'x'.repeat(43)}`),
  'POST /api/auth/invitation/accept': async (x) =>
    x.c.post('/api/auth/invitation/accept', { token: await x.w.freshInvitation(), name: 'Ina Invited', password: 'a-long-new-password' }),
  'POST /api/auth/password-reset': (x) => x.c.post('/api/auth/password-reset', { email: `${uniq('forgot-')}@example.com` }),
  'POST /api/auth/password-reset/confirm': async (x) =>
    x.c.post('/api/auth/password-reset/confirm', { token: await x.w.freshPasswordResetToken(), password: 'a-long-new-password' }),
  'POST /api/auth/password-reset/confirm (unknown token)': (x) =>
    x.c.post('/api/auth/password-reset/confirm', { token: 'x'.repeat(43), password: 'a-long-new-password' }),

  'GET /api/account': (x) => x.c.get('/account'),
  'PATCH /api/account': (x) => x.c.patch('/account', { name: uniq('Account ') }),
  'GET /api/account/trial-extend': async (x) => {
    // An expired trial that was never extended, whatever earlier cells did.
    const ended = new Date(Date.now() - 3 * 86_400_000);
    await x.w.db.update(accounts).set({ trialEndsAt: ended, trialExtendedAt: null }).where(eq(accounts.id, x.w.accountId));
    return x.c.get('/account/trial-extend');
  },
  'GET /api/account/usage': (x) => x.c.get('/account/usage'),
  'GET /api/account/usage/storage': (x) => x.c.get('/account/usage/storage'),
  'GET /api/account/users': (x) => x.c.get('/account/users'),
  'POST /api/account/users/invite': (x) => x.c.post('/account/users/invite', { email: `${uniq('new-')}@example.com`, role: 'MEMBER' }),
  'PATCH /api/account/users/:userId': (x) => x.c.patch(`/account/users/${x.w.victim.id}`, { role: 'MEMBER' }),
  'DELETE /api/account/users/:userId': async (x) => x.c.delete(`/account/users/${await x.w.freshInvitedUserId()}`),
  'POST /api/account/users/:userId/invitation': async (x) => x.c.post(`/account/users/${await x.w.freshInvitedUserId()}/invitation`),
  'DELETE /api/account/users/:userId/invitation': async (x) => x.c.delete(`/account/users/${await x.w.freshInvitedUserId()}/invitation`),
  'POST /api/account/blocked-extensions': (x) => x.c.post('/account/blocked-extensions', { extension: uniqExt() }),
  'PUT /api/account/blocked-extensions/:extension': async (x) => {
    const ext = uniqExt();
    await x.w.made(x.w.setup.post('/account/blocked-extensions', { extension: ext }));
    return x.c.put(`/account/blocked-extensions/${ext}`, { label: uniqExt() });
  },
  'DELETE /api/account/blocked-extensions/:extension': async (x) => {
    const ext = uniqExt();
    await x.w.made(x.w.setup.post('/account/blocked-extensions', { extension: ext }));
    return x.c.delete(`/account/blocked-extensions/${ext}`);
  },
  'PUT /api/development/flag/:flag': (x) => x.c.put('/development/flag/ANALYTICS', { enabled: true }),
  'DELETE /api/development/flag/:flag': (x) => x.c.delete('/development/flag/ANALYTICS'),
  'GET /api/access-requests': (x) => x.c.get('/access-requests'),
  'POST /api/access-requests': async (x) => {
    await x.w.clearAccessRequests(x.self.id);
    return x.c.post('/access-requests', { message: 'Please' });
  },
  "PATCH /api/access-requests/:id (another member's)": async (x) =>
    x.c.patch(`/access-requests/${await x.w.freshAccessRequest()}`, { status: 'DECLINED' }),

  'GET /api/user/info': (x) => x.c.get('/user/info'),
  'GET /api/user/info/:userId': (x) => x.c.get(`/user/info/${x.w.owner.id}`),
  'PUT /api/user/profile': (x) => x.c.put('/user/profile', { name: uniq('Name ') }),
  'PUT /api/user/password': async (x) => {
    const next = uniq('new-password-');
    const res = await x.c.put('/user/password', { password: x.w.passwordOf(x.self), password_new: next });
    if (res.status === 200) x.w.passwords.set(x.self.id, next);
    return res;
  },
  'POST /api/user/email-verification': async (x) =>
    x.c.post('/user/email-verification', { email_verification_token: await x.w.freshVerificationToken() }),
  'POST /api/user/email-verification (unknown token)': (x) => x.c.post('/user/email-verification', { email_verification_token: 'unknown' }),
  'POST /api/user/:userId/email-verification (own)': (x) =>
    x.c.post(`/user/${x.self.id}/email-verification`, { email: `${uniq('changed-')}@example.com` }),
  "POST /api/user/:userId/email-verification (another member's)": (x) =>
    x.c.post(`/user/${x.w.victim.id}/email-verification`, { email: `${uniq('changed-')}@example.com` }),
  'POST /api/user/tokens': (x) => x.c.post('/user/tokens', { name: 'Script' }),
  'GET /api/user/tokens': (x) => x.c.get('/user/tokens'),
  'DELETE /api/user/tokens/:id (own)': async (x) => {
    const own = await createToken(x.w.db, { ...x.self.actor, via: 'session' }, { name: 'to revoke' });
    return x.c.delete(`/user/tokens/${own.id}`);
  },
  "DELETE /api/user/tokens/:id (another user's)": (x) => x.c.delete(`/user/tokens/${x.w.ownerTokenId}`),
  'GET /api/navigation/user': (x) => x.c.get('/navigation/user'),

  'GET /api/error-page/:code': (x) => x.c.get('/error-page/404'),
  'PUT /api/error-page/:code': (x) => x.c.put('/error-page/404', { i18n: 'en', title: uniq('Lost ') }),
  'GET /api/login-page': (x) => x.c.get('/login-page'),
  'PUT /api/login-page': (x) => x.c.put('/login-page', { i18n: 'en', title: uniq('Welcome ') }),

  'GET /api/brand': (x) => x.c.get('/brand'),
  'POST /api/brand': (x) => x.c.post('/brand', { name: uniq('Brand ') }),
  'GET /api/brand/:id': (x) => x.c.get(`/brand/${x.w.brandId}`),
  'PATCH /api/brand/:id': async (x) => x.c.patch(`/brand/${await x.w.freshBrand()}`, { name: uniq('Renamed ') }),
  'DELETE /api/brand/:id': async (x) => x.c.delete(`/brand/${await x.w.freshBrand()}`),
  'PUT /api/brand/:id/favourite': (x) => x.c.put(`/brand/${x.w.brandId}/favourite`),
  'DELETE /api/brand/:id/favourite': (x) => x.c.delete(`/brand/${x.w.brandId}/favourite`),
  'GET /api/brand/:id/home': (x) => x.c.get(`/brand/${x.w.brandId}/home`),
  'GET /api/brand/:brandId/projects': (x) => x.c.get(`/brand/${x.w.brandId}/projects`),
  'GET /api/portal (by brand)': (x) => x.c.get(`/portal?brand_id=${x.w.brandId}`),
  'GET /api/portal (by token of a PUBLIC portal)': (x) => x.c.get(`/portal?token=${x.w.publicPortal.token}`),
  'GET /api/portal/:id (ACCOUNT portal)': (x) => x.c.get(`/portal/${x.w.accountPortalId}`),
  'GET /api/portal/:id (PUBLIC portal)': (x) => x.c.get(`/portal/${x.w.publicPortal.id}`),
  'GET /api/portal/:id (EDITORS portal)': (x) => x.c.get(`/portal/${x.w.editorsPortalId}`),
  'POST /api/portal': (x) => x.c.post('/portal', { brand_id: x.w.brandId, title: uniq('Portal ') }),
  'PATCH /api/portal/:id': (x) => x.c.patch(`/portal/${x.w.accountPortalId}`, { title: uniq('Renamed ') }),
  'POST /api/portal/:id/cover-page-template-settings/reset': (x) =>
    x.c.post(`/portal/${x.w.accountPortalId}/cover-page-template-settings/reset`, { template_setting_keys: ['heading'] }),
  'POST /api/portal/:id/cover-page-template-asset/reset': (x) =>
    x.c.post(`/portal/${x.w.accountPortalId}/cover-page-template-asset/reset`, { setting_ids: ['key_visual'] }),
  'GET /api/portal/:id/token': (x) => x.c.get(`/portal/${x.w.accountPortalId}/token`),
  'POST /api/portal/:id/token': async (x) => x.c.post(`/portal/${(await x.w.freshPortal('ACCOUNT')).id}/token`),
  'GET /api/portal/:id/documents': (x) => x.c.get(`/portal/${x.w.accountPortalId}/documents`),
  'POST /api/portal/:id/documents': (x) => x.c.post(`/portal/${x.w.accountPortalId}/documents`, { title: uniq('Guide ') }),
  'GET /api/hub/pages/:id': (x) => x.c.get(`/hub/pages/${x.w.accountPortalId}?language=en`),
  'GET /api/document/:id': (x) => x.c.get(`/document/${x.w.guidelines.documentId}`),
  'GET /api/color/library/:id': (x) => x.c.get(`/color/library/${x.w.guidelines.documentId}`),
  'GET /api/document/:id (unpublished)': (x) => x.c.get(`/document/${x.w.guidelines.unpublishedDocumentId}`),
  'PATCH /api/document/:id': async (x) => {
    const g = x.w.guidelines;
    return x.c.patch(`/document/${g.documentId}`, { version: await g.version(`/document/${g.documentId}`), title: uniq('Guide ') });
  },
  'PATCH /api/document/:id (published)': async (x) => {
    const g = x.w.guidelines;
    return x.c.patch(`/document/${g.documentId}`, { version: await g.version(`/document/${g.documentId}`), published: true });
  },
  'DELETE /api/document/:id (unpublished)': async (x) => x.c.delete(`/document/${await x.w.guidelines.freshDocument()}`),
  'POST /api/document/:id/restore': async (x) => x.c.post(`/document/${await x.w.guidelines.freshDeletedDocument()}/restore`),
  'GET /api/document/:id/trash': (x) => x.c.get(`/document/${x.w.guidelines.documentId}/trash`),
  'POST /api/document/:id/pages': (x) => x.c.post(`/document/${x.w.guidelines.documentId}/pages`, { title: uniq('Page ') }),
  'GET /api/page/:id': (x) => x.c.get(`/page/${x.w.guidelines.pageId}`),
  'GET /api/page/:id (PUBLIC portal)': (x) => x.c.get(`/page/${x.w.guidelines.publicPageId}`),
  'PATCH /api/page/:id': async (x) => {
    const g = x.w.guidelines;
    return x.c.patch(`/page/${g.pageId}`, { version: await g.version(`/page/${g.pageId}`), title: uniq('Page ') });
  },
  'DELETE /api/page/:id': async (x) => x.c.delete(`/page/${await x.w.guidelines.freshPage()}`),
  'POST /api/page/:id/restore': async (x) => {
    const g = x.w.guidelines;
    return x.c.post(`/page/${await g.freshDeleted('/page', await g.freshPage())}/restore`);
  },
  'GET /api/page/:id/revisions': (x) => x.c.get(`/page/${x.w.guidelines.pageId}/revisions`),
  'GET /api/page/:id/revisions/:revisionId': (x) => x.c.get(`/page/${x.w.guidelines.pageId}/revisions/${x.w.guidelines.revisionId}`),
  'POST /api/page/:id/revisions/:revisionId/restore': async (x) => {
    const { pageId, revisionId } = await x.w.guidelines.freshPageRevision();
    return x.c.post(`/page/${pageId}/revisions/${revisionId}/restore`);
  },
  'POST /api/page/:id/headings': (x) => x.c.post(`/page/${x.w.guidelines.pageId}/headings`, { title: uniq('Heading ') }),
  'PATCH /api/heading/:id': async (x) => {
    const g = x.w.guidelines;
    return x.c.patch(`/heading/${g.headingId}`, { version: await g.headingVersion(), title: uniq('Heading ') });
  },
  'DELETE /api/heading/:id': async (x) => x.c.delete(`/heading/${await x.w.guidelines.freshHeading()}`),
  'POST /api/heading/:id/restore': async (x) => {
    const g = x.w.guidelines;
    return x.c.post(`/heading/${await g.freshDeleted('/heading', await g.freshHeading())}/restore`);
  },
  'POST /api/page/:id/sections': (x) => x.c.post(`/page/${x.w.guidelines.pageId}/sections`, { column_proportions: [1] }),
  'PATCH /api/section/:id': async (x) => {
    const g = x.w.guidelines;
    return x.c.patch(`/section/${g.sectionId}`, { version: await g.sectionVersion(), tab_title: uniq('Tab ') });
  },
  'DELETE /api/section/:id': async (x) => x.c.delete(`/section/${await x.w.guidelines.freshSection()}`),
  'POST /api/section/:id/restore': async (x) => {
    const g = x.w.guidelines;
    return x.c.post(`/section/${await g.freshDeleted('/section', await g.freshSection())}/restore`);
  },
  'POST /api/section/:id/move': async (x) => {
    const g = x.w.guidelines;
    return x.c.post(`/section/${await g.freshSection()}/move`, { page_id: g.pageId, position: 0 });
  },
  'DELETE /api/page/:id/tab-group/:groupId': async (x) => {
    const g = x.w.guidelines;
    const group = uniq('tabs-').replace(/[^A-Za-z0-9_-]/g, '');
    await g.freshSection(group);
    return x.c.delete(`/page/${g.pageId}/tab-group/${group}`);
  },
  'POST /api/section/:id/blocks': (x) =>
    x.c.post(`/section/${x.w.guidelines.sectionId}/blocks`, {
      type: 'palette',
      column: 1,
      settings: { colors: [{ name: 'Blue', hex: '#0000FF' }] },
    }),
  'GET /api/document/block/:id': (x) => x.c.get(`/document/block/${x.w.guidelines.blockId}?settings_only=true`),
  'PATCH /api/document/block/:id': async (x) => {
    const g = x.w.guidelines;
    return x.c.patch(`/document/block/${g.blockId}`, {
      version: await g.version(`/document/block/${g.blockId}`),
      settings: { text: uniq('Q ') },
    });
  },
  'DELETE /api/document/block/:id': async (x) => x.c.delete(`/document/block/${await x.w.guidelines.freshBlock()}`),
  'POST /api/document/block/:id/restore': async (x) => {
    const g = x.w.guidelines;
    return x.c.post(`/document/block/${await g.freshDeleted('/document/block', await g.freshBlock())}/restore`);
  },
  'POST /api/document/block/:id/move': async (x) => {
    const g = x.w.guidelines;
    return x.c.post(`/document/block/${await g.freshBlock()}/move`, { section_id: g.sectionId, column: 1, position: 0 });
  },

  'POST /api/project/add': (x) => x.c.post('/project/add', { name: uniq('Library '), brand: x.w.brandId, project_type: 'MEDIALIBRARY' }),
  'POST /api/project/add (workspace project)': (x) =>
    x.c.post('/project/add', { name: uniq('Workspace '), brand: x.w.brandId, project_type: 'WORKSPACE' }),
  'GET /api/project/list/:accountId': (x) => x.c.get(`/project/list/${x.w.accountId}`),
  'GET /api/project/:id': (x) => x.c.get(`/project/${x.w.libraryId}`),
  'PATCH /api/project/:id': (x) => x.c.patch(`/project/${x.w.libraryId}`, { description: uniq('About ') }),
  'DELETE /api/project/:id': async (x) => x.c.delete(`/project/${await x.w.library()}`),
  'POST /api/project/:id/blocked-extensions': (x) => x.c.post(`/project/${x.w.libraryId}/blocked-extensions`, { extension: uniqExt() }),
  'PUT /api/project/:id/blocked-extensions/:extension': async (x) => {
    const ext = uniqExt();
    await x.w.made(x.w.setup.post(`/project/${x.w.libraryId}/blocked-extensions`, { extension: ext }));
    return x.c.put(`/project/${x.w.libraryId}/blocked-extensions/${ext}`, { label: uniqExt() });
  },
  'DELETE /api/project/:id/blocked-extensions/:extension': async (x) => {
    const ext = uniqExt();
    await x.w.made(x.w.setup.post(`/project/${x.w.libraryId}/blocked-extensions`, { extension: ext }));
    return x.c.delete(`/project/${x.w.libraryId}/blocked-extensions/${ext}`);
  },
  'GET /api/project/:id/download-custom-sizes': (x) => x.c.get(`/project/${x.w.libraryId}/download-custom-sizes`),
  'POST /api/project/:id/download-custom-sizes': (x) =>
    x.c.post(`/project/${x.w.libraryId}/download-custom-sizes`, { size: { name: uniq('Size '), width: 100, format: 'png' } }),
  'PUT /api/project/:id/download-custom-sizes/:size': async (x) => {
    const name = uniq('size-');
    await x.w.made(x.w.setup.post(`/project/${x.w.libraryId}/download-custom-sizes`, { size: { name, width: 100, format: 'png' } }));
    return x.c.put(`/project/${x.w.libraryId}/download-custom-sizes/${name}`, { label: name, width: 200, format: 'jpeg' });
  },
  'DELETE /api/project/:id/download-custom-sizes/:size': async (x) => {
    const name = uniq('size-');
    await x.w.made(x.w.setup.post(`/project/${x.w.libraryId}/download-custom-sizes`, { size: { name, width: 100, format: 'png' } }));
    return x.c.delete(`/project/${x.w.libraryId}/download-custom-sizes/${name}`);
  },
  'GET /api/project/:id/users': (x) => x.c.get(`/project/${x.w.libraryId}/users`),
  'PUT /api/project/:id/user/:userId': (x) => x.c.put(`/project/${x.w.libraryId}/user/${x.w.victim.id}`, { level: 'VIEW' }),
  'DELETE /api/project/:id/user/:userId': async (x) => {
    await x.w.made(x.w.setup.put(`/project/${x.w.libraryId}/user/${x.w.victim.id}`, { level: 'VIEW' }), 200);
    return x.c.delete(`/project/${x.w.libraryId}/user/${x.w.victim.id}`);
  },
  'GET /api/project/:id/asset-extension': (x) => x.c.get(`/project/${x.w.libraryId}/asset-extension`),
  'PUT /api/project/:id/group/:groupId': (x) => x.c.put(`/project/${x.w.libraryId}/group/${x.w.groupId}`, { level: 'VIEW' }),
  'DELETE /api/project/:id/group/:groupId': async (x) => {
    await x.w.made(x.w.setup.put(`/project/${x.w.libraryId}/group/${x.w.groupId}`, { level: 'VIEW' }), 200);
    return x.c.delete(`/project/${x.w.libraryId}/group/${x.w.groupId}`);
  },
  'GET /api/project/:id/set': (x) => x.c.get(`/project/${x.w.libraryId}/set`),
  'GET /api/project/:id/sets': (x) => x.c.get(`/project/${x.w.libraryId}/sets`),
  'POST /api/set/create/:projectId': (x) => x.c.post(`/set/create/${x.w.libraryId}`, { name: uniq('Folder ') }),
  'POST /api/share-link': (x) => x.c.post('/share-link', { type: 'folder', set_id: x.w.folderId }),
  'GET /api/project/:id/share-links': (x) => x.c.get(`/project/${x.w.libraryId}/share-links`),
  'PATCH /api/share-link/:id': async (x) => x.c.patch(`/share-link/${await x.w.freshShareLink()}`, { download: 'NONE' }),
  'POST /api/share-link/:id/address': async (x) => x.c.post(`/share-link/${await x.w.freshShareLink()}/address`),
  'DELETE /api/share-link/:id': async (x) => x.c.delete(`/share-link/${await x.w.freshShareLink()}`),
  'POST /api/tags': (x) => x.c.post('/tags', { tags: [uniq('Tag ')], type: 'add', asset_ids: [x.w.linkAssetId] }),
  'POST /api/tag/search': (x) => x.c.post('/tag/search', { search_term: 'tag', asset_ids: [x.w.linkAssetId] }),
  'GET /api/tag/search': (x) => x.c.get(`/tag/search?project_id=${x.w.libraryId}&search_term=tag`),
  'POST /api/asset/search': (x) => x.c.post('/asset/search', { brand_id: x.w.brandId, query: 'a', facets: ['type'] }),
  'POST /api/asset/search (library filter)': (x) =>
    x.c.post('/asset/search', { brand_id: x.w.brandId, filters: [{ field: 'library', operator: 'IS', value: x.w.libraryId }] }),
  'GET /api/asset/search/suggestions': (x) => x.c.get(`/asset/search/suggestions?brand_id=${x.w.brandId}&q=a`),
  'GET /api/tag': (x) => x.c.get(`/tag?project_id=${x.w.libraryId}&include_auto_tags=true`),
  'POST /api/project/:id/tag/rename': async (x) =>
    x.c.post(`/project/${x.w.libraryId}/tag/rename`, { from: await x.w.freshTag(), to: uniq('Renamed tag ') }),
  'POST /api/project/:id/tag/delete': async (x) => x.c.post(`/project/${x.w.libraryId}/tag/delete`, { tag: await x.w.freshTag() }),
  'GET /api/brand/:id/custom-metadata-properties': (x) =>
    x.c.get(`/brand/${x.w.brandId}/custom-metadata-properties?project_id=${x.w.libraryId}`),
  'POST /api/brand/:id/custom-metadata-properties': (x) =>
    x.c.post(`/brand/${x.w.brandId}/custom-metadata-properties`, { name: uniq('Property '), type: 'SELECT', options: [{ value: 'A' }] }),
  'PATCH /api/custom-metadata-property/:id': async (x) =>
    x.c.patch(`/custom-metadata-property/${await x.w.freshMetadataProperty()}`, { name: uniq('Renamed ') }),
  'DELETE /api/custom-metadata-property/:id': async (x) => x.c.delete(`/custom-metadata-property/${await x.w.freshMetadataProperty()}`),
  'POST /api/custom-metadata-property/:id/move': async (x) =>
    x.c.post(`/custom-metadata-property/${await x.w.freshMetadataProperty()}/move`, { position: 0 }),
  'POST /api/asset/custom-metadata': async (x) =>
    x.c.post('/asset/custom-metadata', {
      asset_ids: [x.w.linkAssetId],
      action: 'set',
      values: [{ property_id: await x.w.freshMetadataProperty(), value: 'Value' }],
    }),
  'POST /api/asset/custom-metadata/selection': (x) => x.c.post('/asset/custom-metadata/selection', { asset_ids: [x.w.linkAssetId] }),
  'GET /api/project/:id/duplicates': (x) => x.c.get(`/project/${x.w.libraryId}/duplicates?limit=5`),
  'GET /api/project/:id/duplicates/:groupId': async (x) => {
    const { groupId } = await freshDuplicates(x.w);
    return x.c.get(`/project/${x.w.libraryId}/duplicates/${groupId}`);
  },
  'POST /api/project/:id/duplicates/:groupId/resolve': async (x) => {
    const { groupId, ids } = await freshDuplicates(x.w);
    return x.c.post(`/project/${x.w.libraryId}/duplicates/${groupId}/resolve`, { keep_asset_id: ids[0], action: 'merge' });
  },
  'GET /api/asset/:id/duplicates': (x) => x.c.get(`/asset/${x.w.fileAssetId}/duplicates`),
  'GET /api/licences': (x) => x.c.get('/licences'),
  'POST /api/licence': (x) => x.c.post('/licence', { title: uniq('Licence '), require_consensus: true }),
  'PATCH /api/licence/:id': async (x) => x.c.patch(`/licence/${await x.w.freshLicence()}`, { title: uniq('Renamed ') }),
  'DELETE /api/licence/:id': async (x) => x.c.delete(`/licence/${await x.w.freshLicence()}`),
  'PUT /api/asset/:id/licences': async (x) =>
    x.c.put(`/asset/${x.w.linkAssetId}/licences`, { licence_ids: [await x.w.freshLicence()], copyright: { status: 'COPYRIGHTED' } }),
  'GET /api/asset/consent': (x) => x.c.get(`/asset/consent?asset_ids=${x.w.fileAssetId}`),
  'GET /api/realtime': (x) => socketAnswer(x.c),
  'POST /api/pusher/auth (own user channel)': (x) => channelAnswer(x.c, userChannel(x.self.id)),
  "POST /api/pusher/auth (another user's channel)": (x) => channelAnswer(x.c, userChannel(x.w.victim.id)),
  "POST /api/pusher/auth (the library's presence)": (x) => channelAnswer(x.c, projectChannel(x.w.libraryId)),
  'GET /api/asset/:id/comments': (x) => x.c.get(`/asset/${x.w.linkAssetId}/comments?filter=OPEN`),
  'POST /api/asset/:id/comments': (x) =>
    x.c.post(`/asset/${x.w.linkAssetId}/comments`, { content: 'Matrix', marking: { kind: 'PIN', x: 0.5, y: 0.5 } }),
  'POST /api/comment/:id/replies': async (x) =>
    x.c.post(`/comment/${await x.w.freshComment(x.w.owner)}/replies`, { content: 'Reply', mentioned_user_ids: [x.w.people.view.id] }),
  'PATCH /api/comment/:id (own)': async (x) => x.c.patch(`/comment/${await x.w.freshComment(x.self)}`, { content: 'Edited' }),
  "PATCH /api/comment/:id (another user's)": async (x) =>
    x.c.patch(`/comment/${await x.w.freshComment(x.w.victim)}`, { content: 'Edited' }),
  'DELETE /api/comment/:id (own)': async (x) => x.c.delete(`/comment/${await x.w.freshComment(x.self)}`),
  "DELETE /api/comment/:id (another user's)": async (x) => x.c.delete(`/comment/${await x.w.freshComment(x.w.victim)}`),
  'PUT /api/comment/:id/resolved': async (x) => x.c.put(`/comment/${await x.w.freshComment(x.w.owner)}/resolved`, { is_resolved: true }),
  'GET /api/notifications': (x) => x.c.get('/notifications?unread=true&limit=5'),
  'GET /api/notifications/unread-count': (x) => x.c.get('/notifications/unread-count'),
  'POST /api/notifications/read-all': (x) => x.c.post('/notifications/read-all'),
  'PUT /api/notification/:id/read (own)': async (x) => x.c.put(`/notification/${await x.w.freshNotification(x.self)}/read`, { read: true }),
  "PUT /api/notification/:id/read (another user's)": async (x) =>
    x.c.put(`/notification/${await x.w.freshNotification(x.w.victim)}/read`, { read: true }),
  'GET /api/user/notification-settings': (x) => x.c.get('/user/notification-settings'),
  'PUT /api/user/notification-settings': (x) => x.c.put('/user/notification-settings', { due_date: { in_app: true, email: false } }),
  'POST /api/asset/consent': (x) => x.c.post('/asset/consent', { asset_ids: [x.w.fileAssetId], licence_ids: [] }),
  'GET /api/consent-acceptances.csv': (x) => x.c.get('/consent-acceptances.csv'),
  'POST /api/guideline-block/:blockId/consent': async (x) =>
    x.c.post(`/api/guideline-block/${await x.w.guidelines.readerBlock('downloads', x.w.fileAssetId)}/consent`, {
      asset_ids: [x.w.fileAssetId],
      licence_ids: [],
    }),
  'GET /api/share-link/:token': (x) => x.c.get(`/api/share-link/${x.w.shareToken}`),
  'POST /api/share-link/:token/unlock': (x) => x.c.post(`/api/share-link/${x.w.shareToken}/unlock`, { password: 'share password' }),
  'GET /api/share-link/:token/folders/:folderId': (x) => x.c.get(`/api/share-link/${x.w.openFolderShareToken}/folders/${x.w.folderId}`),
  'GET /api/share-link/:token/assets': (x) => x.c.get(`/api/share-link/${x.w.openAssetShareToken}/assets`),
  'GET /api/share-link/:token/consent': (x) => x.c.get(`/api/share-link/${x.w.openAssetShareToken}/consent?asset_ids=${x.w.fileAssetId}`),
  'POST /api/share-link/:token/consent': (x) =>
    x.c.post(`/api/share-link/${x.w.openAssetShareToken}/consent`, { asset_ids: [x.w.fileAssetId], licence_ids: [] }),
  'GET /api/share-link/:token/assets/:assetId': (x) => x.c.get(`/api/share-link/${x.w.openAssetShareToken}/assets/${x.w.fileAssetId}`),
  'GET /api/share-link/:token/assets/:assetId/download': (x) =>
    x.c.get(`/api/share-link/${x.w.openAssetShareToken}/assets/${x.w.fileAssetId}/download`),
  'GET /api/share-link/:token/download.zip': (x) => x.c.get(`/api/share-link/${x.w.openAssetShareToken}/download.zip`),
  'GET /api/project/:id/submission-requests': (x) => x.c.get(`/project/${x.w.libraryId}/submission-requests`),
  'POST /api/project/:id/submission-requests': (x) =>
    x.c.post(`/project/${x.w.libraryId}/submission-requests`, { title: uniq('Request '), set_id: x.w.folderId }),
  'GET /api/submission-request/:id': (x) => x.c.get(`/submission-request/${x.w.submissionRequestId}`),
  'PATCH /api/submission-request/:id': async (x) =>
    x.c.patch(`/submission-request/${await x.w.freshSubmissionRequest()}`, { instructions: 'Changed' }),
  'DELETE /api/submission-request/:id': async (x) => x.c.delete(`/submission-request/${await x.w.freshSubmissionRequest()}`),
  'POST /api/submission-request/:id/tokens': (x) =>
    x.c.post(`/submission-request/${x.w.submissionRequestId}/tokens`, { expires_at: new Date(Date.now() + 86_400_000).toISOString() }),
  'DELETE /api/submission-token/:id': async (x) => x.c.delete(`/submission-token/${await x.w.freshSubmissionToken()}`),
  'POST /api/asset/submissions/accept': async (x) =>
    x.c.post('/asset/submissions/accept', { asset_ids: [await x.w.freshSubmittedAsset()] }),
  'GET /api/submission/:token': (x) => x.c.get(`/api/submission/${x.w.submissionToken}`),
  'POST /api/submission/:token/upload': (x) => submitThrough(x.c, x.w.submissionToken, 'matrix.png', PNG),
  'GET /api/asset/:id/assignment': (x) => x.c.get(`/asset/${x.w.workspaceAssetId}/assignment`),
  'PATCH /api/asset/:id/assignment': (x) =>
    x.c.patch(`/asset/${x.w.workspaceAssetId}/assignment`, { assignee_id: x.w.people.edit.id, due_at: '2030-01-01T00:00:00Z' }),
  'POST /api/asset/:id/checklist': async (x) => x.c.post(`/asset/${(await x.w.freshWorkspaceAsset()).id}/checklist`, { content: 'Check' }),
  'PUT /api/asset/:id/checklist/order': async (x) => {
    const asset = await x.w.freshWorkspaceAsset(2);
    return x.c.put(`/asset/${asset.id}/checklist/order`, { item_ids: asset.items.reverse() });
  },
  'PATCH /api/checklist-item/:id': async (x) => x.c.patch(`/checklist-item/${await x.w.freshChecklistItem()}`, { done: true }),
  'DELETE /api/checklist-item/:id': async (x) => x.c.delete(`/checklist-item/${await x.w.freshChecklistItem()}`),
  'GET /api/project/:projectId/checklist-presets': (x) => x.c.get(`/project/${x.w.workspaceId}/checklist-presets`),
  'POST /api/project/:projectId/checklist-presets': (x) =>
    x.c.post(`/project/${x.w.workspaceId}/checklist-presets`, {
      name: uniq('Preset '),
      items: [{ content: 'Check', assigned_user_id: x.w.people.view.id }],
    }),
  'PATCH /api/checklist-preset/:id': async (x) =>
    x.c.patch(`/checklist-preset/${await x.w.freshChecklistPreset()}`, { name: uniq('Preset ') }),
  'DELETE /api/checklist-preset/:id': async (x) => x.c.delete(`/checklist-preset/${await x.w.freshChecklistPreset()}`),
  'POST /api/checklist-preset/:id/apply': async (x) =>
    x.c.post(`/checklist-preset/${await x.w.freshChecklistPreset()}/apply`, { asset_ids: [(await x.w.freshWorkspaceAsset()).id] }),
  'GET /api/project/:projectId/board': (x) => x.c.get(`/project/${x.w.workspaceId}/board?due=overdue&assignee_id=${x.w.people.view.id}`),
  'GET /api/project/:projectId/activity': (x) =>
    x.c.get(`/project/${x.w.workspaceId}/activity?type=workflow&actor_id=${x.w.people.edit.id}`),
  'GET /api/project/status/:projectId': (x) => x.c.get(`/project/status/${x.w.workspaceId}`),
  'POST /api/workflow-status/list': (x) => x.c.post('/workflow-status/list', { asset_permission_token: x.w.workspaceToken }),
  'PUT /api/workflows/status-item/status/:statusId': (x) =>
    x.c.put(`/workflows/status-item/status/${x.w.workflowStatusId}`, { asset_ids: [x.w.workspaceAssetId] }),
  'POST /api/project/:projectId/status': (x) => x.c.post(`/project/${x.w.workspaceId}/status`, { name: uniq('Status '), color: '#abcdef' }),
  'PATCH /api/project/status/item/:statusId': (x) => x.c.patch(`/project/status/item/${x.w.workflowStatusId}`, { name: uniq('Briefing ') }),
  'PUT /api/project/:projectId/status/order': async (x) =>
    x.c.put(`/project/${x.w.workspaceId}/status/order`, { status_ids: (await x.w.workflowStatusIds()).reverse() }),
  'DELETE /api/project/status/item/:statusId': async (x) => x.c.delete(`/project/status/item/${await x.w.freshWorkflowStatus()}`),
  'POST /api/project/:projectId/approval-requests': (x) =>
    x.c.post(`/project/${x.w.workspaceId}/approval-requests`, { asset_ids: [x.w.workspaceAssetId], user_ids: [x.w.owner.id], mode: 'ALL' }),
  'GET /api/asset/:id/approval-requests': (x) => x.c.get(`/asset/${x.w.workspaceAssetId}/approval-requests?status=ALL`),
  'GET /api/approval-request/:id': async (x) => x.c.get(`/approval-request/${await x.w.freshApprovalRequest()}`),
  'PUT /api/approval-request/:id/vote (a reviewer)': async (x) =>
    x.c.put(`/approval-request/${await x.w.freshApprovalRequest()}/vote`, { vote: 'APPROVED', comment: 'Fine' }),
  'PUT /api/approval-request/:id/vote (not a reviewer)': async (x) =>
    x.c.put(`/approval-request/${await x.w.freshApprovalRequest('owner')}/vote`, { vote: 'APPROVED' }),
  "POST /api/approval-request/:id/cancel (another user's)": async (x) =>
    x.c.post(`/approval-request/${await x.w.freshApprovalRequest()}/cancel`),
  "PATCH /api/approval-request/:id/reviewers (another user's)": async (x) =>
    x.c.patch(`/approval-request/${await x.w.freshApprovalRequest()}/reviewers`, { remove_user_ids: [x.w.people.view.id] }),
  'GET /api/asset/:id/audit-trail': (x) => x.c.get(`/asset/${x.w.workspaceAssetId}/audit-trail?limit=5`),
  'POST /api/asset/permission-token': (x) =>
    x.c.post('/asset/permission-token', { asset_ids: [x.w.linkAssetId], permission_level: 'VIEW' }),
  'GET /api/brand/:id/collections': (x) => x.c.get(`/brand/${x.w.brandId}/collections`),
  'GET /api/project/:id/collections': (x) => x.c.get(`/project/${x.w.libraryId}/collections`),
  'POST /api/project/:id/collections': (x) => x.c.post(`/project/${x.w.libraryId}/collections`, { name: uniq('Collection ') }),
  'GET /api/collection/:id': (x) => x.c.get(`/collection/${x.w.collectionId}`),
  'PATCH /api/collection/:id': async (x) => x.c.patch(`/collection/${await x.w.freshCollection()}`, { name: uniq('Renamed ') }),
  'DELETE /api/collection/:id': async (x) => x.c.delete(`/collection/${await x.w.freshCollection()}`),
  'GET /api/collection/:id/assets': (x) => x.c.get(`/collection/${x.w.collectionId}/assets`),
  'POST /api/collection/:id/assets': async (x) =>
    x.c.post(`/collection/${await x.w.freshCollection()}/assets`, { asset_ids: [x.w.fileAssetId] }),
  'POST /api/collection/:id/assets/remove': async (x) =>
    x.c.post(`/collection/${await x.w.freshCollection()}/assets/remove`, { asset_ids: [x.w.linkAssetId] }),
  'PATCH /api/set/:id': (x) => x.c.patch(`/set/${x.w.folderId}`, { name: uniq('Folder ') }),
  'DELETE /api/set/:id': async (x) => x.c.delete(`/set/${await x.w.freshFolder()}`),

  'POST /api/groups': (x) => x.c.post('/groups', { name: uniq('Group ') }),
  'GET /api/groups/list': (x) => x.c.get('/groups/list'),
  'GET /api/groups/:id': (x) => x.c.get(`/groups/${x.w.groupId}`),
  'PATCH /api/groups/:id': (x) => x.c.patch(`/groups/${x.w.groupId}`, { name: uniq('Group ') }),
  'PUT /api/groups/:id': (x) => x.c.put(`/groups/${x.w.groupId}`, { name: uniq('Group ') }),
  'DELETE /api/groups/:id': async (x) => x.c.delete(`/groups/${await x.w.freshGroup()}`),
  'PUT /api/groups/:id/members': (x) => x.c.put(`/groups/${x.w.groupId}/members`, { user_ids: [x.w.victim.id] }),

  'POST /api/asset': async (x) => x.c.post('/asset', { file_id: await x.w.uploadOf(x.me), project_id: x.w.libraryId }),
  'POST /api/asset (link asset)': (x) =>
    x.c.post('/asset', { object_type: 'URL', external_url: 'https://example.com/', title: uniq('Link '), project_id: x.w.libraryId }),
  'POST /api/asset/list': (x) => x.c.post('/asset/list', { project_id: x.w.libraryId }),
  'GET /api/asset/:id': (x) => x.c.get(`/asset/${x.w.linkAssetId}`),
  'PATCH /api/asset/:id': (x) => x.c.patch(`/asset/${x.w.linkAssetId}`, { title: uniq('Title ') }),
  'DELETE /api/asset/:id': async (x) => x.c.delete(`/asset/${await x.w.freshLinkAsset()}`),
  'POST /api/screen/delete': async (x) => x.c.post('/screen/delete', { asset_ids: [await x.w.freshLinkAsset()] }),
  'GET /api/project/:id/trash': (x) => x.c.get(`/project/${x.w.libraryId}/trash`),
  'POST /api/project/:id/trash/restore': async (x) => {
    const body = { asset_ids: [await x.w.freshTrashedLinkAsset()], set_ids: [await x.w.freshTrashedFolder()] };
    return x.c.post(`/project/${x.w.libraryId}/trash/restore`, body);
  },
  'DELETE /api/project/:id/trash': async (x) => {
    await x.w.freshTrashedLinkAsset();
    return x.c.delete(`/project/${x.w.libraryId}/trash`);
  },
  'POST /api/asset/:id/restore': async (x) => x.c.post(`/asset/${await x.w.freshTrashedLinkAsset()}/restore`),
  'POST /api/set/:id/restore': async (x) => x.c.post(`/set/${await x.w.freshTrashedFolder()}/restore`),
  'POST /api/asset/:id/sort': (x) => x.c.post(`/asset/${x.w.linkAssetId}/sort`, { new_position: 0 }),
  'POST /api/asset/:id/revision': async (x) =>
    x.c.post(`/asset/${await x.w.freshFileAsset()}/revision`, { file_id: await x.w.uploadOf(x.me) }),
  'GET /api/asset/:id/revisions': (x) => x.c.get(`/asset/${x.w.fileAssetId}/revisions`),
  'GET /api/screen/data/:id': (x) => x.c.get(`/screen/data/${x.w.fileAssetId}`),
  'POST /api/assets/transfer': async (x) =>
    x.c.post('/assets/transfer', {
      source: { project: x.w.libraryId },
      target: { project: x.w.libraryId, folder: x.w.folderId },
      assets: [await x.w.freshLinkAsset()],
      mode: 'move',
    }),
  'POST /api/asset-attachment': async (x) =>
    x.c.post('/asset-attachment', { asset_id: x.w.fileAssetId, file_id: await x.w.uploadOf(x.me) }),
  'DELETE /api/asset-attachment/:id': async (x) => x.c.delete(`/asset-attachment/${await x.w.freshAttachment()}`),
  'POST /api/attachment/update/:id': (x) => x.c.post(`/attachment/update/${x.w.attachmentId}`, { title: uniq('Attachment ') }),

  'GET /api/asset/:id/download': (x) => x.c.get(`/asset/${x.w.fileAssetId}/download`),
  'GET /api/asset/:id/zoom': (x) => x.c.get(`/asset/${x.w.fileAssetId}/zoom?revision=${x.w.fileRevisionId}&level=0`),
  'GET /api/asset-attachment/:id/download': (x) => x.c.get(`/asset-attachment/${x.w.attachmentId}/download`),
  'POST /api/asset/bulk-download': (x) => x.c.post('/asset/bulk-download', { asset_ids: [x.w.fileAssetId] }),
  'GET /api/download/:token': (x) => x.c.get(`/download/${x.w.downloadToken}`),
  // Fresh records: rotating the library's tokens would end the media URLs other cells use.
  'POST /api/asset/:id/media-token': async (x) => x.c.post(`/asset/${await x.w.freshLinkAsset()}/media-token`),
  'POST /api/project/:id/media-tokens': async (x) => x.c.post(`/project/${await x.w.library()}/media-tokens`),
  'GET /api/download/:token (creator lost access)': (x) => x.c.get(`/download/${x.w.orphanDownloadToken}`),
  'GET /api/download/:token (unknown token)': (x) => x.c.get(`/download/${'x'.repeat(43)}`),

  'POST /api/upload': (x) => upload(x.c, { projectId: x.w.libraryId, name: 'matrix.png', bytes: PNG }),
  'POST /api/upload (purpose=image)': (x) => upload(x.c, { name: 'matrix.png', bytes: PNG, extraFields: { purpose: 'image' } }),
  'POST /api/upload/tus': (x) =>
    tus(x.c, 'POST', '/upload/tus', { 'upload-length': String(PNG.length), 'upload-metadata': tusMetadata(x.w.libraryId) }),
  'HEAD /api/upload/tus': (x) => tus(x.c, 'HEAD', '/upload/tus'),
  'PATCH /api/upload/tus': (x) => tus(x.c, 'PATCH', '/upload/tus', x.w.tusPatchHeaders(), PNG),
  'DELETE /api/upload/tus': (x) => tus(x.c, 'DELETE', '/upload/tus'),
  'OPTIONS /api/upload/tus': (x) => tus(x.c, 'OPTIONS', '/upload/tus'),
  // @tus/server takes a POST to an upload's URL for a creation, with the checks of POST /upload/tus.
  'POST /api/upload/tus/:uploadId': (x) =>
    tus(x.c, 'POST', `/upload/tus/${x.w.tusUploadId}`, {
      'upload-length': String(PNG.length),
      'upload-metadata': tusMetadata(x.w.libraryId),
    }),
  'HEAD /api/upload/tus/:uploadId': (x) => tus(x.c, 'HEAD', `/upload/tus/${x.w.tusUploadId}`),
  'PATCH /api/upload/tus/:uploadId': async (x) =>
    tus(x.c, 'PATCH', `/upload/tus/${await x.w.freshTusUpload()}`, x.w.tusPatchHeaders(), PNG),
  'DELETE /api/upload/tus/:uploadId': async (x) => tus(x.c, 'DELETE', `/upload/tus/${await x.w.freshTusUpload()}`),
  'OPTIONS /api/upload/tus/:uploadId': (x) => tus(x.c, 'OPTIONS', `/upload/tus/${x.w.tusUploadId}`),
  // Someone else's finished upload is as unknown (400) as one that never was.
  'GET /api/upload/tus/:uploadId/file': (x) => x.c.get(`/upload/tus/${x.w.tusFinishedId}/file`),
  'GET /api/file-icon/:name': (x) => x.c.get('/file-icon/file-pdf.svg'),

  'GET /hub/:portalId (ACCOUNT portal)': (x) => raw(x.c, 'GET', `/hub/${x.w.accountPortalId}`),
  'GET /hub/:portalId/:language (PUBLIC portal)': (x) => raw(x.c, 'GET', `/hub/${x.w.publicPortal.id}/en`),
  'GET /document/:documentId (ACCOUNT portal)': (x) => raw(x.c, 'GET', `/document/${x.w.guidelines.documentId}`),
  'GET /document/:documentId/:pageId (PUBLIC portal)': (x) =>
    raw(x.c, 'GET', `/document/${x.w.guidelines.publicDocumentId}/${x.w.guidelines.publicPageId}`),
  'GET /d/:token': (x) => raw(x.c, 'GET', `/d/${x.w.publicPortal.token}`),
  'GET /d/:token/:segment': (x) => raw(x.c, 'GET', `/d/${x.w.publicPortal.token}/${x.w.guidelines.publicDocumentSlug}`),
  'GET /d/:token/:segment/:slug': (x) => raw(x.c, 'GET', `/d/${x.w.publicPortal.token}/en/${x.w.guidelines.publicDocumentSlug}`),
  'GET /api/guideline-block/:blockId/assets': async (x) =>
    raw(x.c, 'GET', `/api/guideline-block/${await x.w.guidelines.readerBlock('library', x.w.libraryId)}/assets?q=a`),
  'GET /api/guideline-block/:blockId/assets/:assetId/download': async (x) =>
    x.c.get(`/guideline-block/${await x.w.guidelines.readerBlock('downloads', x.w.fileAssetId)}/assets/${x.w.fileAssetId}/download`),
  'GET /api/guideline-block/:blockId/assets/:assetId/stream (not a video)': async (x) =>
    x.c.get(`/guideline-block/${await x.w.guidelines.readerBlock('downloads', x.w.fileAssetId)}/assets/${x.w.fileAssetId}/stream`),
  'GET /api/guideline-block/:blockId/consent': async (x) =>
    x.c.get(`/guideline-block/${await x.w.guidelines.readerBlock('downloads', x.w.fileAssetId)}/consent?asset_ids=${x.w.fileAssetId}`),
  'GET /api/guideline-block/:blockId/download.zip': async (x) =>
    x.c.get(`/guideline-block/${await x.w.guidelines.readerBlock('downloads', x.w.fileAssetId)}/download.zip`),
  'GET /media/:assetToken/:revisionId': (x) => raw(x.c, 'GET', x.w.previewPath),
  'GET /media/:assetToken/:revisionId (bad signature)': (x) => raw(x.c, 'GET', x.w.previewPath.replace(/sig=[^&]{4}/, 'sig=AAAA')),
  'GET /media/:assetToken/:revisionId (expired)': (x) => raw(x.c, 'GET', x.w.expiredPath),
  'GET /media/:assetToken/:revisionId (rotated token)': (x) => raw(x.c, 'GET', x.w.rotatedPath),
  'GET /media/:assetToken/:revisionId/:variant': (x) => raw(x.c, 'GET', x.w.variantPath),
  'GET /media/image/:name': (x) => raw(x.c, 'GET', x.w.settingImagePath),
  'GET /media/image/:name (unknown image)': (x) => raw(x.c, 'GET', `/media/image/${'A'.repeat(22)}.webp`),

  'POST /graphql-internal': (x) => x.c.graphql('{ __typename }'),
  'GET /graphql-internal': (x) => x.c.get(`/graphql-internal?query=${encodeURIComponent('{ __typename }')}`),
  'GET /graphql-internal (a mutation)': (x) =>
    x.c.get(`/graphql-internal?query=${encodeURIComponent('mutation { createBrand(input: {name: "Via GET"}) { brand { id } } }')}`),
  'GET /*': async (x) => {
    const res = await fetchBytes(x.c, `/brand/${x.w.brandId}`);
    return { status: res.status, headers: res.headers, body: res.bytes.toString('utf8') };
  },
};

const GRAPHQL_REQUESTS: Record<string, Send> = {
  'query account': (x) => x.c.graphql('{ account { id organization } }'),
  'query accountFlags': (x) => x.c.graphql('{ accountFlags }'),
  'query currentUser': (x) => x.c.graphql('{ currentUser { id email } }'),
  'query brands': (x) => x.c.graphql('{ brands { id name } }'),
  'query brand': (x) => x.c.graphql('query($id: ID!) { brand(id: $id) { id name } }', { id: encodeBase64Id('Brand', x.w.brandId) }),
  'query workspaceAssetSearch': (x) =>
    x.c.graphql('query($b: ID!) { workspaceAssetSearch(brandId: $b, query: "a", facets: ["type"]) { total items { id } } }', {
      b: encodeBase64Id('Brand', x.w.brandId),
    }),
  'query brandHome': (x) =>
    x.c.graphql('query($id: ID!) { brandHome(id: $id) { projects { id covers { id } } recentAssets { id } } }', {
      id: encodeBase64Id('Brand', x.w.brandId),
    }),
  'query librariesAndProjects': (x) =>
    x.c.graphql('query($id: ID!) { librariesAndProjects(brandId: $id) { libraries { id } } }', {
      id: encodeBase64Id('Brand', x.w.brandId),
    }),
  'query userGroups': (x) => x.c.graphql('{ userGroups { id name } }'),
  'query asset': (x) =>
    x.c.graphql('query($id: ID!) { asset(id: $id) { id title comments(filter: ALL) { id } } }', {
      id: encodeBase64Id('Asset', x.w.fileAssetId),
    }),
  'mutation createComment': (x) =>
    x.c.graphql('mutation($i: CreateCommentInput!) { createComment(input: $i) { comment { id } } }', {
      i: { assetId: encodeBase64Id('Asset', x.w.linkAssetId), content: 'Matrix', marking: { kind: 'PAGE', page: 1 } },
    }),
  'mutation replyToComment': async (x) =>
    x.c.graphql('mutation($i: ReplyToCommentInput!) { replyToComment(input: $i) { comment { id } } }', {
      i: {
        commentId: encodeBase64Id('Comment', await x.w.freshComment(x.w.owner)),
        content: 'Reply',
        mentionedUserIds: [encodeBase64Id('User', x.w.people.view.id)],
      },
    }),
  'mutation editComment': async (x) =>
    x.c.graphql('mutation($i: EditCommentInput!) { editComment(input: $i) { comment { id } } }', {
      i: { commentId: encodeBase64Id('Comment', await x.w.freshComment(x.self)), content: 'Edited' },
    }),
  'mutation deleteComment': async (x) =>
    x.c.graphql('mutation($i: DeleteCommentInput!) { deleteComment(input: $i) { success } }', {
      i: { commentId: encodeBase64Id('Comment', await x.w.freshComment(x.self)) },
    }),
  'mutation resolveComment': async (x) =>
    x.c.graphql('mutation($i: ResolveCommentInput!) { resolveComment(input: $i) { comment { isResolved } } }', {
      i: { commentId: encodeBase64Id('Comment', await x.w.freshComment(x.w.owner)), isResolved: true },
    }),
  'query notifications': (x) =>
    x.c.graphql('{ notifications(unread: true, limit: 5) { nextCursor unreadCount notifications { id type link } } }'),
  'query unreadNotificationCount': (x) => x.c.graphql('{ unreadNotificationCount }'),
  'query notificationSettings': (x) => x.c.graphql('{ notificationSettings { type inApp email } }'),
  'mutation markNotification': async (x) =>
    x.c.graphql('mutation($id: ID!) { markNotification(id: $id, read: true) { id readAt } }', {
      id: encodeBase64Id('Notification', await x.w.freshNotification(x.self)),
    }),
  'mutation markAllNotificationsRead': (x) => x.c.graphql('mutation { markAllNotificationsRead }'),
  'mutation updateNotificationSettings': (x) =>
    x.c.graphql('mutation { updateNotificationSettings(settings: [{type: mention, inApp: true, email: false}]) { type inApp email } }'),
  'mutation setAccountFlag': (x) => x.c.graphql('mutation { setAccountFlag(input: {flag: "ANALYTICS", enabled: true}) { flags } }'),
  'mutation createBrand': (x) =>
    x.c.graphql('mutation($name: String!) { createBrand(input: {name: $name}) { brand { id } } }', { name: uniq('Brand ') }),
  'mutation createAsset': async (x) =>
    x.c.graphql('mutation($i: CreateAssetInput!) { createAsset(input: $i) { asset { id } } }', {
      i: { fileId: await x.w.uploadOf(x.me), projectId: encodeBase64Id('Project', x.w.libraryId) },
    }),
  'mutation uploadFile': (x) => graphqlUpload(x.c, x.w.libraryId, 'matrix.png', PNG),
  'query libraryPageCollections': (x) =>
    x.c.graphql('query($p: ID!) { libraryPageCollections(projectId: $p) { id } }', { p: encodeBase64Id('Project', x.w.libraryId) }),
  'query collection': (x) =>
    x.c.graphql('query($id: ID!) { collection(id: $id) { name } }', { id: encodeBase64Id('Collection', x.w.collectionId) }),
  'mutation createCollection': (x) =>
    x.c.graphql('mutation($p: ID!, $n: String!) { createCollection(projectId: $p, name: $n) { id } }', {
      p: encodeBase64Id('Project', x.w.libraryId),
      n: uniq('Collection '),
    }),
  'mutation updateCollection': async (x) =>
    x.c.graphql('mutation($id: ID!) { updateCollection(id: $id, description: "New") { id } }', {
      id: encodeBase64Id('Collection', await x.w.freshCollection()),
    }),
  'mutation deleteCollection': async (x) =>
    x.c.graphql('mutation($id: ID!) { deleteCollection(id: $id) }', { id: encodeBase64Id('Collection', await x.w.freshCollection()) }),
  'mutation addCollectionAssets': async (x) =>
    x.c.graphql('mutation($c: ID!, $a: [ID!]!) { addCollectionAssets(collectionId: $c, assetIds: $a) { id } }', {
      c: encodeBase64Id('Collection', await x.w.freshCollection()),
      a: [encodeBase64Id('Asset', x.w.fileAssetId)],
    }),
  'mutation removeCollectionAssets': async (x) =>
    x.c.graphql('mutation($c: ID!, $a: [ID!]!) { removeCollectionAssets(collectionId: $c, assetIds: $a) { id } }', {
      c: encodeBase64Id('Collection', await x.w.freshCollection()),
      a: [encodeBase64Id('Asset', x.w.linkAssetId)],
    }),
  'mutation createAssetSubmissionRequest': (x) =>
    x.c.graphql('mutation($p: ID!, $t: String!) { createAssetSubmissionRequest(projectId: $p, title: $t) { id } }', {
      p: encodeBase64Id('Project', x.w.libraryId),
      t: uniq('Request '),
    }),
  'mutation issueAssetSubmissionRequestToken': (x) =>
    x.c.graphql('mutation($id: ID!, $e: String!) { issueAssetSubmissionRequestToken(id: $id, expiresAt: $e) { id } }', {
      id: encodeBase64Id('AssetSubmissionRequest', x.w.submissionRequestId),
      e: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  'mutation deleteAssetSubmissionRequest': async (x) =>
    x.c.graphql('mutation($id: ID!) { deleteAssetSubmissionRequest(id: $id) }', {
      id: encodeBase64Id('AssetSubmissionRequest', await x.w.freshSubmissionRequest()),
    }),
  'query shareLinksByUsageKeys': (x) =>
    x.c.graphql('query($f: ID) { shareLinksByUsageKeys(folderId: $f) { id } }', { f: encodeBase64Id('Folder', x.w.folderId) }),
  'mutation createShareLink': (x) =>
    x.c.graphql('mutation($f: ID) { createShareLink(type: "folder", folderId: $f) { id url } }', {
      f: encodeBase64Id('Folder', x.w.folderId),
    }),
  'mutation updateShareLink': async (x) =>
    x.c.graphql('mutation($id: ID!) { updateShareLink(id: $id, download: "NONE") { id } }', {
      id: encodeBase64Id('ShareLink', await x.w.freshShareLink()),
    }),
  'mutation renewShareLinkAddress': async (x) =>
    x.c.graphql('mutation($id: ID!) { renewShareLinkAddress(id: $id) { url } }', {
      id: encodeBase64Id('ShareLink', await x.w.freshShareLink()),
    }),
  'mutation deleteShareLink': async (x) =>
    x.c.graphql('mutation($id: ID!) { deleteShareLink(id: $id) }', { id: encodeBase64Id('ShareLink', await x.w.freshShareLink()) }),
  'mutation createPermissionToken': (x) =>
    x.c.graphql('mutation($a: [ID!]!) { createPermissionToken(assetIds: $a, permissionLevel: "VIEW") { token } }', {
      a: [encodeBase64Id('Asset', x.w.linkAssetId)],
    }),
  'query assetViewerWithToken': (x) =>
    x.c.graphql('query($t: String!) { assetViewerWithToken(token: $t) { id } }', { t: x.w.permissionToken }),
  'query sharedAssets': (x) => x.c.graphql('query($t: String!) { sharedAssets(permissionToken: $t) { id } }', { t: x.w.permissionToken }),
  'query customMetadataProperties': (x) =>
    x.c.graphql('query($b: ID!, $l: ID) { customMetadataProperties(brandId: $b, libraryId: $l) { id canEdit } }', {
      b: encodeBase64Id('Brand', x.w.brandId),
      l: encodeBase64Id('Project', x.w.libraryId),
    }),
  'query metadataSelection': (x) =>
    x.c.graphql('query($a: [ID!]!) { metadataSelection(assetIds: $a) { assetCount } }', { a: [encodeBase64Id('Asset', x.w.linkAssetId)] }),
  'mutation createCustomMetadataProperty': (x) =>
    x.c.graphql('mutation($i: CreateCustomMetadataPropertyInput!) { createCustomMetadataProperty(input: $i) { id } }', {
      i: { brandId: encodeBase64Id('Brand', x.w.brandId), name: uniq('Property '), type: 'TEXT' },
    }),
  'mutation updateCustomMetadataProperty': async (x) =>
    x.c.graphql('mutation($i: UpdateCustomMetadataPropertyInput!) { updateCustomMetadataProperty(input: $i) { id } }', {
      i: { id: encodeBase64Id('CustomMetadataProperty', await x.w.freshMetadataProperty()), name: uniq('Renamed ') },
    }),
  'mutation deleteCustomMetadataProperty': async (x) =>
    x.c.graphql('mutation($id: ID!) { deleteCustomMetadataProperty(id: $id) }', {
      id: encodeBase64Id('CustomMetadataProperty', await x.w.freshMetadataProperty()),
    }),
  'mutation moveCustomMetadataProperty': async (x) =>
    x.c.graphql('mutation($id: ID!) { moveCustomMetadataProperty(id: $id, position: 0) { id } }', {
      id: encodeBase64Id('CustomMetadataProperty', await x.w.freshMetadataProperty()),
    }),
  'mutation addCustomMetadataToAssets': async (x) =>
    x.c.graphql(
      'mutation($a: [ID!]!, $v: [CustomMetadataValueInput!]!) { addCustomMetadataToAssets(assetIds: $a, values: $v) { changed } }',
      {
        a: [encodeBase64Id('Asset', x.w.linkAssetId)],
        v: [{ propertyId: encodeBase64Id('CustomMetadataProperty', await x.w.freshMetadataProperty()), text: 'Value' }],
      },
    ),
  'mutation setCustomMetadataOnAssets': async (x) =>
    x.c.graphql(
      'mutation($a: [ID!]!, $v: [CustomMetadataValueInput!]!) { setCustomMetadataOnAssets(assetIds: $a, values: $v) { changed } }',
      {
        a: [encodeBase64Id('Asset', x.w.linkAssetId)],
        v: [{ propertyId: encodeBase64Id('CustomMetadataProperty', await x.w.freshMetadataProperty()), text: 'Value' }],
      },
    ),
  'mutation removeCustomMetadataFromAssets': async (x) =>
    x.c.graphql(
      'mutation($a: [ID!]!, $v: [CustomMetadataValueInput!]!) { removeCustomMetadataFromAssets(assetIds: $a, values: $v) { changed } }',
      {
        a: [encodeBase64Id('Asset', x.w.linkAssetId)],
        v: [{ propertyId: encodeBase64Id('CustomMetadataProperty', await x.w.freshMetadataProperty()) }],
      },
    ),
  'query licenses': (x) => x.c.graphql('{ licenses { id title } }'),
  'mutation createLicense': (x) =>
    x.c.graphql('mutation($t: String!) { createLicense(title: $t, requireConsensus: true) { id } }', { t: uniq('Licence ') }),
  'mutation updateLicense': async (x) =>
    x.c.graphql('mutation($id: ID!, $t: String!) { updateLicense(id: $id, title: $t) { id } }', {
      id: encodeBase64Id('License', await x.w.freshLicence()),
      t: uniq('Renamed '),
    }),
  'mutation deleteLicense': async (x) =>
    x.c.graphql('mutation($id: ID!) { deleteLicense(id: $id) }', { id: encodeBase64Id('License', await x.w.freshLicence()) }),
  'mutation setAssetLicenses': async (x) =>
    x.c.graphql('mutation($a: ID!, $l: [ID!]!) { setAssetLicenses(assetId: $a, licenseIds: $l) { assetId } }', {
      a: encodeBase64Id('Asset', x.w.linkAssetId),
      l: [encodeBase64Id('License', await x.w.freshLicence())],
    }),
  'mutation updateAssetCopyright': (x) =>
    x.c.graphql('mutation($a: ID!) { updateAssetCopyright(assetId: $a, status: COPYRIGHTED) { assetId } }', {
      a: encodeBase64Id('Asset', x.w.linkAssetId),
    }),
  'mutation acceptAssetConsent': (x) =>
    x.c.graphql('mutation($a: [ID!]!) { acceptAssetConsent(assetIds: $a, licenseIds: []) { recorded } }', {
      a: [encodeBase64Id('Asset', x.w.fileAssetId)],
    }),
  'mutation updateAssetAssignment': (x) =>
    x.c.graphql('mutation($a: ID!, $u: ID!) { updateAssetAssignment(assetId: $a, assigneeId: $u) { dueAt } }', {
      a: encodeBase64Id('Asset', x.w.workspaceAssetId),
      u: encodeBase64Id('User', x.w.people.view.id),
    }),
  'mutation addChecklistItem': async (x) =>
    x.c.graphql('mutation($a: ID!) { addChecklistItem(assetId: $a, content: "Check") { checklist { id } } }', {
      a: encodeBase64Id('Asset', (await x.w.freshWorkspaceAsset()).id),
    }),
  'mutation updateChecklistItem': async (x) =>
    x.c.graphql('mutation($i: ID!) { updateChecklistItem(itemId: $i, done: true) { checklist { done } } }', {
      i: encodeBase64Id('ChecklistItem', await x.w.freshChecklistItem()),
    }),
  'mutation deleteChecklistItem': async (x) =>
    x.c.graphql('mutation($i: ID!) { deleteChecklistItem(itemId: $i) { assetId } }', {
      i: encodeBase64Id('ChecklistItem', await x.w.freshChecklistItem()),
    }),
  'mutation reorderChecklist': async (x) => {
    const asset = await x.w.freshWorkspaceAsset(2);
    return x.c.graphql('mutation($a: ID!, $i: [ID!]!) { reorderChecklist(assetId: $a, itemIds: $i) { assetId } }', {
      a: encodeBase64Id('Asset', asset.id),
      i: asset.items.reverse().map((id) => encodeBase64Id('ChecklistItem', id)),
    });
  },
  'mutation updateWorkspaceProject': (x) =>
    x.c.graphql('mutation($p: ID!) { updateWorkspaceProject(projectId: $p, description: "Matrix") { id } }', {
      p: encodeBase64Id('Project', x.w.workspaceId),
    }),
  'query workflowChecklistPresets': (x) =>
    x.c.graphql('query($p: ID!) { workflowChecklistPresets(projectId: $p) { id } }', { p: encodeBase64Id('Project', x.w.workspaceId) }),
  'mutation createWorkflowChecklistPreset': (x) =>
    x.c.graphql(
      'mutation($p: ID!) { createWorkflowChecklistPreset(projectId: $p, name: "Matrix", items: [{ content: "Check" }]) { id } }',
      {
        p: encodeBase64Id('Project', x.w.workspaceId),
      },
    ),
  'mutation updateWorkflowChecklistPreset': async (x) =>
    x.c.graphql('mutation($p: ID!) { updateWorkflowChecklistPreset(presetId: $p, name: "Renamed") { id } }', {
      p: encodeBase64Id('WorkflowChecklistPreset', await x.w.freshChecklistPreset()),
    }),
  'mutation deleteWorkflowChecklistPreset': async (x) =>
    x.c.graphql('mutation($p: ID!) { deleteWorkflowChecklistPreset(presetId: $p) { success } }', {
      p: encodeBase64Id('WorkflowChecklistPreset', await x.w.freshChecklistPreset()),
    }),
  'mutation applyWorkflowChecklistPreset': async (x) =>
    x.c.graphql('mutation($p: ID!, $a: [ID!]!) { applyWorkflowChecklistPreset(presetId: $p, assetIds: $a) { added } }', {
      p: encodeBase64Id('WorkflowChecklistPreset', await x.w.freshChecklistPreset()),
      a: [encodeBase64Id('Asset', (await x.w.freshWorkspaceAsset()).id)],
    }),
  'query workflowStatuses': (x) =>
    x.c.graphql('query($id: ID!) { workflowStatuses(projectId: $id) { id } }', { id: encodeBase64Id('Project', x.w.workspaceId) }),
  'mutation moveAssetsToWorkflowStatus': (x) =>
    x.c.graphql('mutation($s: ID!, $a: [ID!]!) { moveAssetsToWorkflowStatus(statusId: $s, assetIds: $a) { moved } }', {
      s: encodeBase64Id('WorkflowStatus', x.w.workflowStatusId),
      a: [encodeBase64Id('Asset', x.w.workspaceAssetId)],
    }),
  'query approvalRequest': async (x) =>
    x.c.graphql('query($id: ID!) { approvalRequest(id: $id) { status } }', {
      id: encodeBase64Id('ApprovalRequest', await x.w.freshApprovalRequest()),
    }),
  'mutation createApprovalRequest': (x) =>
    x.c.graphql('mutation($i: CreateApprovalRequestInput!) { createApprovalRequest(input: $i) { request { id } } }', {
      i: {
        projectId: encodeBase64Id('Project', x.w.workspaceId),
        assetIds: [encodeBase64Id('Asset', x.w.workspaceAssetId)],
        userIds: [encodeBase64Id('User', x.w.owner.id)],
        mode: 'FIRST',
      },
    }),
  'mutation voteOnApprovalRequest': async (x) =>
    x.c.graphql('mutation($i: VoteOnApprovalRequestInput!) { voteOnApprovalRequest(input: $i) { request { status } } }', {
      i: { requestId: encodeBase64Id('ApprovalRequest', await x.w.freshApprovalRequest()), vote: 'REJECTED' },
    }),
  'mutation cancelApprovalRequest': async (x) =>
    x.c.graphql('mutation($id: ID!) { cancelApprovalRequest(requestId: $id) { request { status } } }', {
      id: encodeBase64Id('ApprovalRequest', await x.w.freshApprovalRequest()),
    }),
  'mutation changeApprovalReviewers': async (x) =>
    x.c.graphql('mutation($i: ChangeApprovalReviewersInput!) { changeApprovalReviewers(input: $i) { request { status } } }', {
      i: {
        requestId: encodeBase64Id('ApprovalRequest', await x.w.freshApprovalRequest()),
        addUserIds: [encodeBase64Id('User', x.w.owner.id)],
      },
    }),
  'query guideline': (x) =>
    x.c.graphql('query($id: ID!) { guideline(id: $id) { name } }', { id: encodeBase64Id('Guideline', x.w.guidelines.documentId) }),
  'mutation createPageHeading': (x) =>
    x.c.graphql('mutation($i: CreatePageHeadingInput!) { createPageHeading(input: $i) { id } }', {
      i: { pageId: encodeBase64Id('GuidelinePage', x.w.guidelines.pageId), title: uniq('Heading ') },
    }),
  'mutation updatePageHeading': async (x) => {
    const g = x.w.guidelines;
    return x.c.graphql('mutation($i: UpdatePageHeadingInput!) { updatePageHeading(input: $i) { id } }', {
      i: { id: encodeBase64Id('PageHeading', g.headingId), version: await g.headingVersion(), title: uniq('Heading ') },
    });
  },
  'mutation deletePageHeading': async (x) =>
    x.c.graphql('mutation($i: GuidelineDeleteInput!) { deletePageHeading(input: $i) { success } }', {
      i: { id: encodeBase64Id('PageHeading', await x.w.guidelines.freshHeading()) },
    }),
  'mutation restorePageHeading': async (x) => {
    const g = x.w.guidelines;
    const id = await g.freshDeleted('/heading', await g.freshHeading());
    return x.c.graphql('mutation($id: ID!) { restorePageHeading(id: $id) { id } }', { id: encodeBase64Id('PageHeading', id) });
  },
  'mutation createSection': (x) =>
    x.c.graphql('mutation($i: CreateSectionInput!) { createSection(input: $i) { id } }', {
      i: { pageId: encodeBase64Id('GuidelinePage', x.w.guidelines.pageId), columnProportions: [1] },
    }),
  'mutation updateSection': async (x) => {
    const g = x.w.guidelines;
    return x.c.graphql('mutation($i: UpdateSectionInput!) { updateSection(input: $i) { id } }', {
      i: { id: encodeBase64Id('Section', g.sectionId), version: await g.sectionVersion(), tabTitle: uniq('Tab ') },
    });
  },
  'mutation deleteSection': async (x) =>
    x.c.graphql('mutation($i: GuidelineDeleteInput!) { deleteSection(input: $i) { success } }', {
      i: { id: encodeBase64Id('Section', await x.w.guidelines.freshSection()) },
    }),
  'mutation restoreSection': async (x) => {
    const g = x.w.guidelines;
    const id = await g.freshDeleted('/section', await g.freshSection());
    return x.c.graphql('mutation($id: ID!) { restoreSection(id: $id) { id } }', { id: encodeBase64Id('Section', id) });
  },
  'mutation moveSection': async (x) => {
    const g = x.w.guidelines;
    return x.c.graphql('mutation($i: MoveSectionInput!) { moveSection(input: $i) { id } }', {
      i: { id: encodeBase64Id('Section', await g.freshSection()), pageId: encodeBase64Id('GuidelinePage', g.pageId), position: 0 },
    });
  },
  'mutation deleteTabGroup': async (x) => {
    const g = x.w.guidelines;
    const group = uniq('tabs-').replace(/[^A-Za-z0-9_-]/g, '');
    await g.freshSection(group);
    return x.c.graphql('mutation($i: DeleteTabGroupInput!) { deleteTabGroup(input: $i) { sectionIds } }', {
      i: { pageId: encodeBase64Id('GuidelinePage', g.pageId), groupId: group },
    });
  },
  'mutation moveElement': async (x) => {
    const g = x.w.guidelines;
    return x.c.graphql('mutation($i: MoveElementInput!) { moveElement(input: $i) { id } }', {
      i: { id: encodeBase64Id('Block', await g.freshBlock()), sectionId: encodeBase64Id('Section', g.sectionId), column: 1, position: 0 },
    });
  },
  'mutation deleteElement': async (x) =>
    x.c.graphql('mutation($i: GuidelineDeleteInput!) { deleteElement(input: $i) { success } }', {
      i: { id: encodeBase64Id('Block', await x.w.guidelines.freshBlock()) },
    }),
};

forEachBackend('authorisation matrix', (env) => {
  let w: World;
  beforeAll(async () => {
    await loadPng();
    w = new World(env());
    await w.build();
  });

  /** One cell: a fresh copy of the caller's client (so a cell's cookies stay its own) and its request. */
  const call = (send: Send, who: Caller) => {
    const base = w.clients[who];
    const c = new Client(base.base, base.opts);
    c.cookie = base.cookie;
    c.csrf = base.csrf;
    const me = w.userOf(who);
    return send({ c, who, me, self: me ?? w.owner, w });
  };

  describe('completeness', () => {
    it('has a row for every route Fastify serves (/v1 routes share the row of their /api twin)', () => {
      const routes = fastifyRoutes(env().started.app);
      expect(routes.has('GET /api/health')).toBe(true);
      expect(routes.has('DELETE /v1/asset/:')).toBe(true);
      const rows = new Set(Object.keys(MATRIX).map((k) => shape(routeOf(k))));
      const missing = [...routes].map((r) => r.replace(' /v1/', ' /api/')).filter((r) => !rows.has(r));
      expect([...new Set(missing)], 'routes without a row in MATRIX').toEqual([]);
    });

    it('has no row for a route Fastify does not serve', () => {
      const routes = fastifyRoutes(env().started.app);
      const stale = Object.keys(MATRIX).filter((k) => !NOT_FASTIFY_ROUTES.has(k) && !routes.has(shape(routeOf(k))));
      expect(stale).toEqual([]);
    });

    it('has a row for every query and mutation of the GraphQL schema, and no other', () => {
      const operations = [
        ...Object.keys(schema.getQueryType()?.getFields() ?? {}).map((f) => `query ${f}`),
        ...Object.keys(schema.getMutationType()?.getFields() ?? {}).map((f) => `mutation ${f}`),
      ].sort();
      expect(operations.length).toBeGreaterThan(5);
      expect(Object.keys(GRAPHQL_MATRIX).sort()).toEqual(operations);
    });

    it('knows how to make every request of the tables', () => {
      expect(Object.keys(REQUESTS).sort()).toEqual(Object.keys(MATRIX).sort());
      expect(Object.keys(GRAPHQL_REQUESTS).sort()).toEqual(Object.keys(GRAPHQL_MATRIX).sort());
    });
  });

  describe('REST', () => {
    for (const [key, answers] of Object.entries(MATRIX)) {
      describe(key, () => {
        for (const who of CALLERS) {
          it(`${who} → ${answers[who]}`, async () => {
            const send = REQUESTS[key];
            if (!send) throw new Error(`No request for ${key}`);
            const res = await call(send, who);
            expect(res.status, JSON.stringify(res.body)?.slice(0, 400)).toBe(answers[who]);
          });
        }
      });
    }
  });

  describe('GraphQL', () => {
    for (const [key, answers] of Object.entries(GRAPHQL_MATRIX)) {
      describe(key, () => {
        for (const who of CALLERS) {
          it(`${who} → ${answers[who]}`, async () => {
            const send = GRAPHQL_REQUESTS[key];
            if (!send) throw new Error(`No request for ${key}`);
            const res = await call(send, who);
            expect(graphqlAnswer(res), JSON.stringify(res.body)?.slice(0, 400)).toBe(answers[who]);
          });
        }
      });
    }
  });
});
