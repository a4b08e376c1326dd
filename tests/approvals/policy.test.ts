/** The four-eyes policy table and its environment overrides (lib/approvals/policy.ts). */
import { describe, expect, it } from 'vitest';
import { approvalReason, approvalSettings, COVERED_ACTIONS, jobApprovalReason } from '@/lib/approvals/policy';
import { paramsHash } from '@/lib/approvals/params-hash';

const ON = approvalSettings({});

describe('the approval policy', () => {
  it('covers merge, domain deletion, set owner and sequence repair, each with its reason', () => {
    expect(Object.keys(COVERED_ACTIONS).sort()).toEqual([
      'channel.repair_sequence_numbers',
      'domain.delete',
      'user.merge',
      'workspace.set_owner',
    ]);
    for (const [action, reason] of Object.entries(COVERED_ACTIONS)) {
      expect(approvalReason(action, ON)).toBe(reason);
      expect(reason.length).toBeGreaterThan(20);
    }
  });

  it('leaves other actions alone', () => {
    for (const action of [
      'user.set_verified',
      'domain.create',
      'domain.update',
      'job.plan',
      'job.cancel',
      'message.reprocess',
      'approval.approve',
    ]) {
      expect(approvalReason(action, ON)).toBeNull();
    }
  });

  it('covers a job start by the job: every set-status job, every revert, and any job above the threshold', () => {
    const job = { action: 'message.reprocess', itemCount: 100, revertsJobId: null };
    expect(jobApprovalReason(job, ON)).toBeNull();
    expect(jobApprovalReason({ ...job, itemCount: 101 }, ON)).toContain('101 items, more than 100');
    expect(jobApprovalReason({ ...job, action: 'message.set_status', itemCount: 1 }, ON)).toContain('set-status');
    expect(jobApprovalReason({ ...job, revertsJobId: 'job-1', itemCount: 1 }, ON)).toContain('revert');
    // Any job kind, message items or user items: the same rule by action and count.
    expect(jobApprovalReason({ action: 'user.set_verified', itemCount: 500, revertsJobId: null }, ON)).toContain(
      '500 items',
    );
    expect(approvalReason('job.start', ON, { ...job, itemCount: 101 })).not.toBeNull();
    expect(approvalReason('job.start', ON, null)).toBeNull();
  });

  it('reads its overrides from the environment, with the documented defaults', () => {
    expect(ON).toEqual({ enabled: true, bulkThreshold: 100, ttlMinutes: 60 });
    const off = approvalSettings({ CONSOLE_APPROVALS: 'off' });
    expect(off.enabled).toBe(false);
    expect(approvalReason('user.merge', off)).toBeNull();
    expect(approvalSettings({ APPROVAL_BULK_THRESHOLD: '5', APPROVAL_TTL_MINUTES: '2' })).toEqual({
      enabled: true,
      bulkThreshold: 5,
      ttlMinutes: 2,
    });
    expect(
      jobApprovalReason(
        { action: 'message.reprocess', itemCount: 6, revertsJobId: null },
        approvalSettings({ APPROVAL_BULK_THRESHOLD: '5' }),
      ),
    ).not.toBeNull();
    expect(() => approvalSettings({ CONSOLE_APPROVALS: 'maybe' })).toThrow(/CONSOLE_APPROVALS/);
    expect(() => approvalSettings({ APPROVAL_TTL_MINUTES: '-1' })).toThrow(/APPROVAL_TTL_MINUTES/);
  });

  it('hashes parameters canonically: key order does not matter, any value does', () => {
    expect(paramsHash('user.merge', { a: 1, b: { c: 2, d: [1, 2] } })).toBe(
      paramsHash('user.merge', { b: { d: [1, 2], c: 2 }, a: 1 }),
    );
    expect(paramsHash('user.merge', { a: 1 })).not.toBe(paramsHash('user.merge', { a: 2 }));
    expect(paramsHash('user.merge', { a: 1 })).not.toBe(paramsHash('domain.delete', { a: 1 }));
    expect(paramsHash('user.merge', { b: [1, 2] })).not.toBe(paramsHash('user.merge', { b: [2, 1] }));
  });
});
