/**
 * Messages: statuses, audio models, the record, daily statistics and the operations' answers.
 * Part of the contract with the voice service (see ./index.ts).
 */
import { z } from 'zod';
import { nullableString, recordOrNull } from './primitives';

export const audioModelSchema = z.looseObject({
  _id: z.string(),
  /**
   * ASSUMPTION: `hls` (the recording as streamed) or `mp3` (made by createMP3). The spec shows
   * audio models as `_id` and `url` only; without a type, audioModelKind reads it from the URL.
   */
  type: z.string().optional(),
  url: z.string(),
});

export type AudioModel = z.infer<typeof audioModelSchema>;

/**
 * ASSUMPTION: a message's epoch-millisecond times lie within what a Date can hold (±8.64e15). The
 * schema accepts any number so one odd row does not fail a list; a time outside that range (the
 * service sent `1e300`) is read as absent, which the pages show as an unknown time.
 */
const epochMsSchema = z
  .number()
  .optional()
  .transform((value) =>
    value !== undefined && Number.isFinite(value) && Math.abs(value) <= 8.64e15 ? value : undefined,
  );

/** Message fields: all optional but `id` and `status`, as the spec has every response field unless stated. */
export const messageSchema = z.looseObject({
  id: z.string().min(1),
  message_guid: z.string().optional(),
  creator_guid: z.string().nullable().optional(),
  workspace_guid: z.string().nullable().optional(),
  channel_guids: z.array(z.string()).optional(),
  status: z.string(),
  /** ASSUMPTION: why the message has its status (set when processing failed). */
  status_reason: nullableString,
  name: nullableString,
  is_text_message: z.boolean().optional(),
  duration_ms: z.number().nullable().optional(),
  transcript_txt: nullableString,
  /** Epoch milliseconds, as the spec's `message_ts` and `last_updated_at`. */
  message_ts: epochMsSchema,
  last_updated_at: epochMsSchema,
  waveform_percentages: z.array(z.string()).nullable().optional(),
  waveform_url: nullableString,
  message_url: nullableString,
  audio_models: z.array(audioModelSchema).optional(),
  /** ASSUMPTION: the message's position in its channel, which the sequence repair fixes. */
  sequence_number: z.number().nullable().optional(),
  attachments: z.array(z.unknown()).optional(),
});
export type Message = z.infer<typeof messageSchema>;

/**
 * Only where a message is: for reads that count messages by workspace (the dashboard's sample of
 * 200), which need not check, or keep, every other field of each.
 */
export const messageWorkspaceSchema = z.object({
  id: messageSchema.shape.id,
  workspace_guid: messageSchema.shape.workspace_guid,
});

// ---------------------------------------------------------------------------------------------
// Admin request and response bodies the spec names without fields (each an ASSUMPTION)

/** DailyMessageStatistics: one day, the count of messages per status (ASSUMPTION: by message_ts, UTC). */
export const dailyMessageStatisticsSchema = z.looseObject({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  total: z.number(),
  statuses: z.record(z.string(), z.number()),
});
export const dailyMessageStatisticsListSchema = z.array(dailyMessageStatisticsSchema);
export type DailyMessageStatistics = z.infer<typeof dailyMessageStatisticsSchema>;

/** Answers of the message admin operations (reprocess, set status, createMP3, recreateWaveform). */
export const messageOperationAnswerSchema = z.looseObject({ success: z.literal(true), message: messageSchema });
export const messageOperationResultSchema = recordOrNull(messageOperationAnswerSchema, (answer) => answer.message);
