/**
 * Actions on accounts and structure: merging two users. Each reads what it needs from the
 * service itself (never trusting what the form showed), refuses with a message an operator can
 * act on, and reads the result back.
 */
import { z } from 'zod';
import { readFootprint, readMergePreview } from '@/lib/accounts/data';
import { accountName, confirmationMatches, refuseMergeIds } from '@/lib/accounts/merge-preview';
import { recordMerge, type MergeReport } from '@/lib/accounts/merges';
import { mergeUsers, usersInfo } from '@/lib/upstream/accounts';
import { serviceIdSchema } from '@/lib/upstream/contract';
import { ActionRejectedError, defineAction } from './guard/define';
import { freeText } from '@/lib/free-text';

const userId = (what: string) => serviceIdSchema(what);

export const mergeUsersInput = z
  .object({
    sourceUserId: userId('id of the account to fold'),
    targetUserId: userId('id of the account to keep'),
    /** The folded account's e-mail, typed by the operator. */
    confirmEmail: freeText({ min: 1, minMessage: "type the folded account's e-mail to confirm", max: 320 }),
  })
  .superRefine((input, context) => {
    const refusal = refuseMergeIds(input.sourceUserId, input.targetUserId);
    if (refusal) context.addIssue({ code: 'custom', path: ['targetUserId'], message: refusal.message });
  });

export const mergeUsersAction = defineAction({
  name: 'user.merge',
  requiredRole: 'ops',
  input: mergeUsersInput,
  target: (input) => ({ type: 'user', ids: [input.sourceUserId, input.targetUserId] }),
  async run({ operator, upstream, db }, input): Promise<MergeReport & { mergeId: string }> {
    const { sourceUserId: sourceId, targetUserId: targetId } = input;
    const result = await readMergePreview(upstream, sourceId, targetId, { withPlans: false });
    if (!result.ok) throw new ActionRejectedError(result.refusal.message);
    if (!confirmationMatches(input.confirmEmail, result.preview)) {
      throw new ActionRejectedError(
        `The e-mail typed does not match the account to fold (${result.preview.confirmation}); nothing was merged.`,
      );
    }

    const answer = await mergeUsers(upstream, { source_user_id: sourceId, target_user_id: targetId });
    const [sourceAfter, targetAfter, [sourceRecord]] = await Promise.all([
      readFootprint(upstream, sourceId),
      readFootprint(upstream, targetId),
      usersInfo(upstream, [sourceId]),
    ]);
    const report: MergeReport = {
      sourceId,
      targetId,
      sourceName: accountName(result.preview.source.user),
      targetName: accountName(result.preview.target.user),
      before: { source: result.preview.source.footprint, target: result.preview.target.footprint },
      after: { source: sourceAfter, target: targetAfter },
      moved: Object.fromEntries(
        Object.entries(answer.moved).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
      ),
      sourceMergedInto: sourceRecord?.merged_into ?? null,
    };
    const mergeId = await recordMerge(db, operator.email, report);
    return { ...report, mergeId };
  },
});
