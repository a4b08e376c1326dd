/**
 * The message operations (reprocess, set status, createMP3, recreateWaveform), each answering
 * `{ success: true, message }`, plus the daily statistics and the sequence-number repair.
 */
import {
  dailyMessageStatisticsListSchema,
  messageOperationAnswerSchema,
  repairSequenceResultSchema,
} from '../../lib/upstream/contract';
import { STATISTICS_TIME_ZONE_PARAM } from '../../lib/upstream/contract/statistics';
import { sendValidated } from '../http';
import {
  createMp3,
  dailyMessageStatistics,
  recreateWaveform,
  repairChannelSequenceNumbers,
  reprocessMessage,
  setMessageStatus,
  statisticsTimeZone,
} from '../model/messages';
import { messageRecord } from '../model/records';
import type { MessageRow } from '../seed/messages';
import type { Route, RouteInput } from '../router';
import type { AdminContext } from './context';

export function messageRoutes({ database, settings }: AdminContext): Route[] {
  const answer = ({ res }: RouteInput, message: MessageRow) =>
    sendValidated(res, messageOperationAnswerSchema, { success: true, message: messageRecord(message) });
  return [
    {
      method: 'POST',
      pattern: /^\/admin\/ra\/message\/([^/]+)\/reprocess$/,
      async handle(input) {
        const [id = ''] = input.params;
        answer(input, reprocessMessage(database.world, id, Date.now(), settings().reprocessDelayMs));
      },
    },
    {
      method: 'PUT',
      pattern: /^\/admin\/ra\/message\/([^/]+)\/status\/([^/]+)$/,
      async handle(input) {
        const [id = '', status = ''] = input.params;
        answer(input, setMessageStatus(database.world, id, status, Date.now()));
      },
    },
    {
      method: 'GET',
      pattern: /^\/admin\/ra\/message\/([^/]+)\/createMP3$/,
      async handle(input) {
        answer(input, createMp3(database.world, input.params[0] ?? '', Date.now()));
      },
    },
    {
      method: 'GET',
      pattern: /^\/admin\/ra\/message\/([^/]+)\/recreateWaveform$/,
      async handle(input) {
        answer(input, recreateWaveform(database.world, input.params[0] ?? '', Date.now()));
      },
    },
    {
      method: 'GET',
      pattern: /^\/admin\/message\/statistics$/,
      async handle({ req, res }) {
        const zone = statisticsTimeZone(
          new URL(req.url ?? '/', 'http://emulator').searchParams.get(STATISTICS_TIME_ZONE_PARAM),
        );
        sendValidated(res, dailyMessageStatisticsListSchema, dailyMessageStatistics(database.world, zone));
      },
    },
    {
      method: 'POST',
      pattern: /^\/admin\/repairChannelSequenceNumbers$/,
      async handle({ res }) {
        sendValidated(res, repairSequenceResultSchema, repairChannelSequenceNumbers(database.world));
      },
    },
  ];
}
