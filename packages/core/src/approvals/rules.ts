import type { ApprovalMode, ApprovalResult, ApprovalVote } from './schemas.js';

/**
 * How a decision mode turns votes into a result (decision 0049). `votes` holds one entry per reviewer that still
 * counts (null: not answered yet), in the order the answers came. Answers OPEN while the outcome can still change.
 *
 * - FIRST: the first answer decides.
 * - ALL: any rejection rejects; once everyone answered, all approvals approve, otherwise CHANGES_REQUESTED.
 * - MAJORITY: more than half approving approves; once that can no longer happen, the request is not approved:
 *   REJECTED when rejections outnumber requests for changes, CHANGES_REQUESTED otherwise.
 * - NO_REJECTION: any rejection rejects; otherwise approved at the due date.
 *
 * At the due date (`due` true) an undecided request resolves, missing answers counting as "not approved": FIRST and
 * ALL to CHANGES_REQUESTED (approval was not given, and no rejection decided it), MAJORITY as when a majority can no
 * longer be reached, NO_REJECTION to APPROVED. Without any reviewer
 * that counts, votes decide nothing: the request waits for its due date.
 */
export function decideApproval(mode: ApprovalMode, votes: readonly (ApprovalVote | null)[], due: boolean): ApprovalResult {
  const n = votes.length;
  const cast = votes.filter((v): v is ApprovalVote => v !== null);
  const count = (v: ApprovalVote) => cast.filter((c) => c === v).length;
  const approved = count('APPROVED');
  const rejected = count('REJECTED');
  const changes = count('CHANGES_REQUESTED');
  const pending = n - cast.length;
  const negative: ApprovalResult = rejected > changes ? 'REJECTED' : 'CHANGES_REQUESTED';
  const atDue = (open: ApprovalResult): ApprovalResult => (due ? open : 'OPEN');

  if (n > 0) {
    switch (mode) {
      case 'FIRST':
        if (cast[0]) return cast[0];
        break;
      case 'ALL':
        if (rejected > 0) return 'REJECTED';
        if (pending === 0) return approved === n ? 'APPROVED' : 'CHANGES_REQUESTED';
        break;
      case 'MAJORITY':
        if (approved * 2 > n) return 'APPROVED';
        if ((approved + pending) * 2 <= n) return negative;
        break;
      case 'NO_REJECTION':
        if (rejected > 0) return 'REJECTED';
        break;
    }
  }
  if (mode === 'NO_REJECTION') return atDue('APPROVED');
  return atDue(mode === 'MAJORITY' ? negative : 'CHANGES_REQUESTED');
}
