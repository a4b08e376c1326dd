/**
 * The requests the emulator served, newest last, kept in memory (`GET /__control/requests`):
 * tests read it to prove which upstream calls the console made, or that it made none.
 */
import { z } from 'zod';

export const requestLogEntrySchema = z.object({
  requestId: z.string(),
  method: z.string(),
  /** Path without the query string. */
  path: z.string(),
  /** The query string including `?`, or ''. */
  query: z.string(),
  status: z.number().int(),
  /**
   * Account id (or client id for client-credentials tokens) behind the bearer token; at the token
   * endpoint, the client named in the Basic credentials.
   */
  subject: z.string().nullable(),
  /** ISO 8601, when the request arrived. */
  time: z.string(),
  durationMs: z.number(),
});
export type RequestLogEntry = z.infer<typeof requestLogEntrySchema>;
export const requestLogSchema = z.array(requestLogEntrySchema);

const CAPACITY = 10_000;

export class RequestLog {
  private entries: RequestLogEntry[] = [];

  add(entry: RequestLogEntry): void {
    this.entries.push(entry);
    if (this.entries.length > CAPACITY) this.entries.splice(0, this.entries.length - CAPACITY);
  }

  list(): readonly RequestLogEntry[] {
    return this.entries;
  }

  clear(): void {
    this.entries = [];
  }
}
