/** The message operations are written once: one status schema for one message and for bulk, one path per operation. */
import { describe, expect, it } from 'vitest';
import { setMessageStatusAction } from '@/lib/actions/messages';
import { planJobInputSchema } from '@/lib/jobs/plan';
import { MESSAGE_OPERATIONS } from '@/lib/upstream/message-operation-names';
import { operationPath } from '@/lib/upstream/message-operations';

const bulk = (status: string) =>
  planJobInputSchema.safeParse({
    action: 'message.set_status',
    params: { status },
    selection: { kind: 'ids', ids: ['m1'] },
  }).success;
const single = (status: string) => setMessageStatusAction.input.safeParse({ messageGuid: 'm1', status }).success;

describe('message status', () => {
  it.each(['active', 'on.hold', '_review', 'paused-2', 'x'.repeat(40)])(
    'accepts %s for one message and in bulk alike',
    (status) => {
      expect(single(status)).toBe(true);
      expect(bulk(status)).toBe(true);
    },
  );

  it.each(['', '.', '..', '../../users', 'a b', 'x'.repeat(41)])(
    'refuses %j for one message and in bulk alike',
    (status) => {
      expect(single(status)).toBe(false);
      expect(bulk(status)).toBe(false);
    },
  );
});

describe('operationPath', () => {
  it('names each operation of one message, its id encoded', () => {
    expect(MESSAGE_OPERATIONS.map((operation) => operationPath(operation, 'a/b', 'paused'))).toEqual([
      '/admin/ra/message/a%2Fb/reprocess',
      '/admin/ra/message/a%2Fb/status/paused',
      '/admin/ra/message/a%2Fb/createMP3',
      '/admin/ra/message/a%2Fb/recreateWaveform',
    ]);
  });
});
