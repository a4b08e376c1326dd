/**
 * The scheduled digest: its command line, and the review written as Markdown, as JSON, or as a
 * Slack-style incoming-webhook message. Pure: the script (scripts/stats-digest.ts) does the I/O.
 */
import { z } from 'zod';
import type { Anomaly } from './anomalies';
import type { Verdict } from './compare';
import { isTimeZone, UTC } from './days';
import type { StatisticsReview } from './review';

export const DIGEST_FORMATS = ['md', 'json', 'slack'] as const;
export type DigestFormat = (typeof DIGEST_FORMATS)[number];

/** 0: nothing stood out; 2: anomalies; 1: the digest could not be made (one line on stderr). */
export const DIGEST_EXIT = { ok: 0, error: 1, anomalies: 2 } as const;

export interface DigestArgs {
  days: number;
  format: DigestFormat;
  out: string | null;
  webhook: string | null;
  timeZone: string;
}

export const DIGEST_USAGE =
  'usage: npm run stats:digest -- [--days 7] [--format md|json|slack] [--out FILE] [--webhook URL] [--tz UTC|<IANA zone>]';

const argsSchema = z.object({
  days: z.coerce
    .number({ error: '--days must be a whole number' })
    .int('--days must be a whole number')
    .min(1, '--days must be 1 to 365')
    .max(365, '--days must be 1 to 365')
    .default(7),
  format: z.enum(DIGEST_FORMATS, { error: '--format must be md, json or slack' }).default('md'),
  out: z.string().min(1, '--out needs a file name').nullable().default(null),
  webhook: z
    .url({ protocol: /^https?$/, error: '--webhook must be an http(s) URL' })
    .nullable()
    .default(null),
  tz: z.string().refine(isTimeZone, '--tz must be UTC or an IANA time zone such as Europe/Paris').default(UTC),
});

const FLAGS = new Set(['days', 'format', 'out', 'webhook', 'tz']);

/** `--name value` or `--name=value`; anything else is refused by name. */
export function parseDigestArgs(
  argv: readonly string[],
): { ok: true; args: DigestArgs } | { ok: false; message: string } {
  const raw: Record<string, string> = {};
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    const match = /^--([a-z]+)(?:=(.*))?$/.exec(arg);
    if (!match || !FLAGS.has(match[1]!))
      return { ok: false, message: `unknown argument "${arg.slice(0, 40)}"; ${DIGEST_USAGE}` };
    const name = match[1]!;
    if (name in raw) return { ok: false, message: `--${name} is given twice` };
    const value = match[2] ?? argv[++index];
    if (value === undefined || (match[2] === undefined && value.startsWith('--')))
      return { ok: false, message: `--${name} needs a value` };
    raw[name] = value;
  }
  const parsed = argsSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? DIGEST_USAGE };
  return {
    ok: true,
    args: {
      days: parsed.data.days,
      format: parsed.data.format,
      out: parsed.data.out,
      webhook: parsed.data.webhook,
      timeZone: parsed.data.tz,
    },
  };
}

export interface DigestStatusRow {
  status: string;
  current: number;
  previous: number;
  delta: number;
  /** Relative change in percent, one decimal; null when the previous period had none. */
  changePercent: number | null;
  verdict: Verdict;
}

/** The digest as data: what `--format json` prints, and what the other formats are written from. */
export interface Digest {
  generatedAt: string;
  timeZone: string;
  period: { from: string; to: string; days: number };
  previousPeriod: { from: string; to: string };
  totals: { current: number; previous: number; delta: number };
  nonTerminalSharePercent: { current: number; previous: number; deltaPoints: number };
  statuses: DigestStatusRow[];
  anomalies: Pick<Anomaly, 'date' | 'measure' | 'status' | 'value' | 'direction' | 'reason'>[];
  notJudged: { days: string[]; reason: string }[];
  /** Where the page shows the same period, when the console's URL is known. */
  link: string | null;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export function buildDigest(review: StatisticsReview, options: { generatedAt: Date; link: string | null }): Digest {
  const { comparison } = review;
  return {
    generatedAt: options.generatedAt.toISOString(),
    timeZone: review.timeZone,
    period: { from: review.range.from, to: review.range.to, days: review.current.days.length },
    previousPeriod: { ...review.previousRange },
    totals: { current: comparison.total.current, previous: comparison.total.previous, delta: comparison.total.delta },
    nonTerminalSharePercent: {
      current: oneDecimal(comparison.nonTerminalShare.current * 100),
      previous: oneDecimal(comparison.nonTerminalShare.previous * 100),
      deltaPoints: oneDecimal(comparison.nonTerminalShare.deltaPoints),
    },
    statuses: comparison.statuses.map((row) => ({
      status: row.status,
      current: row.current,
      previous: row.previous,
      delta: row.delta,
      changePercent: row.relative === null ? null : oneDecimal(row.relative * 100),
      verdict: row.verdict,
    })),
    anomalies: review.anomalies.anomalies.map(({ date, measure, status, value, direction, reason }) => ({
      date,
      measure,
      status,
      value,
      direction,
      reason,
    })),
    notJudged: review.anomalies.notJudged,
    link: options.link,
  };
}

/** Status names come from the service: no table breaks, links, mentions or emphasis from them. */
const markdownText = (text: string) => text.replace(/[\\`*_[\]<>|#!]/g, (char) => `\\${char}`);
/** Slack's mrkdwn needs &, < and > escaped, or `<!channel>` in a status would notify everyone. */
const slackText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));
const MARK: Record<Verdict, string> = { good: '(better)', bad: '(worse)', neutral: '' };

function changeText(row: DigestStatusRow): string {
  if (row.delta === 0) return '0';
  const percent = row.changePercent === null ? '' : ` (${signed(row.changePercent)}%)`;
  return `${signed(row.delta)}${percent} ${MARK[row.verdict]}`.trim();
}

function summaryLines(digest: Digest): string[] {
  const { period, previousPeriod, totals, nonTerminalSharePercent: share } = digest;
  return [
    `Messages ${period.from} to ${period.to} (${period.days} days, ${digest.timeZone}) against ${previousPeriod.from} to ${previousPeriod.to}.`,
    `Total: ${totals.current} (previous ${totals.previous}, ${signed(totals.delta)}). Non-terminal share: ${share.current}% (previous ${share.previous}%, ${signed(share.deltaPoints)} points).`,
  ];
}

function notJudgedLines(digest: Digest): string[] {
  return digest.notJudged.map(
    (entry) =>
      `Not judged for anomalies: ${entry.days.length === 1 ? entry.days[0] : `${entry.days[0]} to ${entry.days.at(-1)}`} (${entry.reason}).`,
  );
}

export function renderMarkdown(digest: Digest): string {
  const lines = [
    `# Message statistics digest`,
    '',
    ...summaryLines(digest),
    '',
    '| Status | This period | Previous | Change |',
    '| --- | ---: | ---: | --- |',
  ];
  for (const row of digest.statuses)
    lines.push(`| ${markdownText(row.status)} | ${row.current} | ${row.previous} | ${changeText(row)} |`);
  lines.push('', `## Anomalies (${digest.anomalies.length})`, '');
  if (digest.anomalies.length === 0) lines.push('None: every judged day is within its 28-day baseline.');
  for (const anomaly of digest.anomalies) lines.push(`- ${anomaly.date}: ${markdownText(anomaly.reason)}`);
  const notJudged = notJudgedLines(digest);
  if (notJudged.length > 0) lines.push('', ...notJudged);
  if (digest.link) lines.push('', `On the console: ${digest.link}`);
  lines.push('', `Generated ${digest.generatedAt}.`);
  return `${lines.join('\n')}\n`;
}

/** A message a Slack-style incoming webhook accepts as-is: `text` (mrkdwn) for every client. */
export function renderSlack(digest: Digest): { text: string } {
  const lines = [`*Message statistics digest*`, ...summaryLines(digest)];
  const changes = digest.statuses
    .filter((row) => row.delta !== 0)
    .map((row) => `• ${slackText(row.status)}: ${row.current} (${changeText(row)})`);
  if (changes.length > 0) lines.push('', ...changes);
  lines.push(
    '',
    digest.anomalies.length === 0
      ? 'No anomalies.'
      : `*${digest.anomalies.length} ${digest.anomalies.length === 1 ? 'anomaly' : 'anomalies'}*`,
  );
  for (const anomaly of digest.anomalies) lines.push(`• ${anomaly.date}: ${slackText(anomaly.reason)}`);
  lines.push(...notJudgedLines(digest));
  if (digest.link) lines.push('', `<${digest.link}|Open the statistics page>`);
  return { text: lines.join('\n') };
}

export function renderDigest(digest: Digest, format: DigestFormat): string {
  if (format === 'md') return renderMarkdown(digest);
  return `${JSON.stringify(format === 'json' ? digest : renderSlack(digest), null, 2)}\n`;
}

export function digestExitCode(digest: Digest): number {
  return digest.anomalies.length > 0 ? DIGEST_EXIT.anomalies : DIGEST_EXIT.ok;
}
