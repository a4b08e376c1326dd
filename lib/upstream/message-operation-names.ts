/**
 * The names of the four operations on one message. Plain values, no zod or HTTP client: the
 * browser's bulk dialog lists them. How each is called is in ./message-operations.ts.
 */

/** The operations, by their action name (the audit log's `action`, a bulk job's `action`). */
export const MESSAGE_OPERATIONS = [
  'message.reprocess',
  'message.set_status',
  'message.create_mp3',
  'message.recreate_waveform',
] as const;
export type MessageOperation = (typeof MESSAGE_OPERATIONS)[number];
