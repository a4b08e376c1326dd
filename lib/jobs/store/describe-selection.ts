/**
 * What a job's recorded selection covered, in words, for the jobs list and a job's page: the
 * filter's fields (statuses, last update window, workspace, channel, creator, search), the
 * number of explicitly selected items (messages or users), or the job a revert sends back.
 */
import { ITEM_NOUNS, type ItemKindName } from '../types/actions';
import { formatUtc } from '@/lib/time';

const FILTER_WORDS: Readonly<Record<string, string>> = {
  workspace_guid: 'workspace',
  channel_guids: 'channel',
  creator_guid: 'creator',
  q: 'search',
  id: 'id',
};

const asText = (value: unknown): string => (Array.isArray(value) ? value.map(String).join(', ') : String(value));
const asTime = (value: unknown): string | null =>
  typeof value === 'number' && Number.isFinite(value) ? formatUtc(new Date(value)) : null;

export function describeSelection(
  selection: Readonly<Record<string, unknown>>,
  kind: ItemKindName = 'message',
): string {
  const noun = ITEM_NOUNS[kind];
  if (selection.kind === 'ids') {
    const count =
      typeof selection.count === 'number' ? selection.count : Array.isArray(selection.ids) ? selection.ids.length : 0;
    return `${count.toLocaleString('en-US')} selected ${count === 1 ? noun.one : noun.many}`;
  }
  if (selection.kind === 'revert') return `the ${noun.many} of job ${String(selection.jobId).slice(0, 8)}`;
  const filter =
    selection.kind === 'filter' && typeof selection.filter === 'object' && selection.filter !== null
      ? (selection.filter as Record<string, unknown>)
      : {};
  const parts: string[] = [];
  if (filter.status !== undefined) parts.push(`status ${asText(filter.status)}`);
  const before = asTime(filter.updated_before);
  const after = asTime(filter.updated_after);
  if (before) parts.push(`not updated since ${before}`);
  if (after) parts.push(`updated after ${after}`);
  for (const [key, value] of Object.entries(filter)) {
    if (['status', 'updated_before', 'updated_after'].includes(key) || value === null || value === '') continue;
    parts.push(`${FILTER_WORDS[key] ?? key} ${asText(value)}`);
  }
  const many = noun.many.charAt(0).toUpperCase() + noun.many.slice(1);
  return parts.length > 0 ? `${many} with ${parts.join('; ')}` : `Every ${noun.one}`;
}
