import type { Db } from '../db/client.js';
import { type Actor, isAdmin } from '../http/actor.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../http/errors.js';
import { findLicence, findLicencesOfAccount, type LicenceRow } from '../modules/licences/queries.js';
import { type Checked, seal } from './checked.js';
import { noteChecked } from './claims.js';

/**
 * Licences belong to the account: every member reads them (to see an asset's terms, to pick one for an asset they
 * edit); account admins manage them. Another account's licence does not exist (404).
 */
export type LicencePermission = 'licence.view' | 'licence.manage';
export type CheckedLicence = Checked<'licence', LicenceRow>;

export async function requireLicence(db: Db, actor: Actor, id: number, permission: LicencePermission): Promise<CheckedLicence> {
  noteChecked('licence', id);
  if (permission === 'licence.manage' && !isAdmin(actor)) throw new ForbiddenError('Only account admins manage licences');
  const licence = await findLicence(db, id);
  if (!licence || licence.accountId !== actor.accountId) throw new NotFoundError('No such licence in this account');
  return seal('licence', id, licence);
}

/** Several licences named at once (an asset's list, an acceptance): each must be a licence of the account the caller acts in (a member's, or a share link's). */
export async function requireLicences(db: Db, accountId: number, ids: readonly number[], field = 'licence_ids'): Promise<LicenceRow[]> {
  const unique = [...new Set(ids)];
  for (const id of unique) noteChecked('licence', id);
  const rows = await findLicencesOfAccount(db, accountId, unique);
  if (rows.length !== unique.length) {
    const found = new Set(rows.map((r) => r.id));
    throw new ValidationError({ [field]: [`No such licence in this account: ${unique.filter((id) => !found.has(id)).join(', ')}`] });
  }
  return rows;
}
