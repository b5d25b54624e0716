import { describe, expect, it } from 'vitest';
import { decideApproval } from './rules.js';

const A = 'APPROVED' as const;
const C = 'CHANGES_REQUESTED' as const;
const R = 'REJECTED' as const;

describe('decideApproval', () => {
  it('FIRST: the first answer decides; none at the due date asks for changes', () => {
    expect(decideApproval('FIRST', [null, null], false)).toBe('OPEN');
    expect(decideApproval('FIRST', [R, A], false)).toBe('REJECTED');
    expect(decideApproval('FIRST', [null, null], true)).toBe('CHANGES_REQUESTED');
  });
  it('ALL: any rejection rejects, all approvals approve, otherwise changes once everyone answered', () => {
    expect(decideApproval('ALL', [A, A, null], false)).toBe('OPEN');
    expect(decideApproval('ALL', [A, R, null], false)).toBe('REJECTED');
    expect(decideApproval('ALL', [A, A, A], false)).toBe('APPROVED');
    expect(decideApproval('ALL', [A, C, A], false)).toBe('CHANGES_REQUESTED');
    expect(decideApproval('ALL', [A, C, null], false)).toBe('OPEN');
    expect(decideApproval('ALL', [A, A, null], true)).toBe('CHANGES_REQUESTED');
  });
  it('MAJORITY: more than half approve; decided as soon as a majority is out of reach', () => {
    expect(decideApproval('MAJORITY', [A, null, null], false)).toBe('OPEN');
    expect(decideApproval('MAJORITY', [A, A, null], false)).toBe('APPROVED');
    expect(decideApproval('MAJORITY', [A, A, null, null], false)).toBe('OPEN');
    expect(decideApproval('MAJORITY', [R, R, null], false)).toBe('REJECTED');
    expect(decideApproval('MAJORITY', [C, R, null], false)).toBe('CHANGES_REQUESTED');
    expect(decideApproval('MAJORITY', [A, A, R, R], false)).toBe('REJECTED');
    expect(decideApproval('MAJORITY', [A, null, null], true)).toBe('CHANGES_REQUESTED');
    expect(decideApproval('MAJORITY', [A, R, R, null, null], true)).toBe('REJECTED');
  });
  it('NO_REJECTION: any rejection rejects, otherwise approved at the due date', () => {
    expect(decideApproval('NO_REJECTION', [A, A], false)).toBe('OPEN');
    expect(decideApproval('NO_REJECTION', [C, null], true)).toBe('APPROVED');
    expect(decideApproval('NO_REJECTION', [A, R], false)).toBe('REJECTED');
  });
  it('without a reviewer that counts, waits for the due date', () => {
    expect(decideApproval('ALL', [], false)).toBe('OPEN');
    expect(decideApproval('ALL', [], true)).toBe('CHANGES_REQUESTED');
    expect(decideApproval('NO_REJECTION', [], true)).toBe('APPROVED');
  });
});
