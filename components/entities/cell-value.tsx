/**
 * One value from the service, shown by its column's kind. Everything is rendered as React text
 * (never as HTML); only http(s) URLs become links or images (lib/safe-url); long text is cut
 * with a way to see all. Used by the tables (client) and the detail pages (server) alike; the
 * forms a value takes (a local time, an image on demand, cut text) are in ./value/.
 */
import { Link } from '@/components/link';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { detailHref } from '@/lib/entities/hrefs';
import type { ColumnKind, EntityName } from '@/lib/entities/types';
import { safeHttpUrl } from '@/lib/safe-url';
import { statusLabel } from '@/lib/status-labels';
import { cn } from '@/lib/utils';
import { formatDuration, formatUtc, toInstant, type TimeEncoding } from '@/lib/time';
import { CopyableId, TRUNCATED_ID_CLASS } from '@/components/data-table/cells/copyable-id';
import { LocalTime } from './value/local-time';
import { OnDemandImage } from './value/on-demand-image';
import { TruncatedText } from './value/truncated-text';
import { VisibleText } from './visible-text';

export type CellMode = 'table' | 'detail';

/** How much text a cell shows before "Show all". */
const TEXT_LIMIT: Record<CellMode, number> = { table: 60, detail: 400 };
/** How many items of a list a table cell shows. */
const TABLE_LIST_ITEMS = 3;

const STATUS_VARIANTS: Readonly<Record<string, BadgeProps['variant']>> = {
  active: 'success',
  processing: 'warning',
  initializing: 'warning',
  inprogress: 'warning',
  paused: 'warning',
  offline: 'warning',
  deleted: 'destructive',
  'account-deleted': 'destructive',
  canceled: 'destructive',
  removed: 'destructive',
};

function Empty() {
  return (
    <span className="text-muted-foreground" aria-label="empty">
      —
    </span>
  );
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

/** Text inside a link cannot hold a "Show all" button: it is cut, and the link leads to all of it. */
function cut(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const characters = Array.from(text);
  return characters.length > limit ? `${characters.slice(0, limit).join('')}…` : text;
}

/** Text longer than this is prose in a table cell, given a wider column. */
const PROSE_CHARS = 32;

/** Record links (app/globals.css): one class each, as a list page has dozens. */
const ID_LINK_CLASS = 'record-id-link';
/**
 * A name may wrap (a table fits the screen better so); the e-mail beside it, muted, keeps to one
 * line, cut with an ellipsis when long (whole in the text, for copy and find). The utility styles
 * both, so the name and e-mail elements carry no classes.
 */
const NAME_LINK_CLASS = 'record-link-named';

interface IdLinkProps {
  entity: string;
  id: string;
  /** The record's name (and e-mail for people); the bare id when none was read. */
  title?: string | EntityName;
  mode: CellMode;
  copyableIds?: boolean;
}

function IdLink({ entity, id, title, mode, copyableIds }: IdLinkProps) {
  const name = typeof title === 'string' ? { name: title } : title;
  // A named link keeps the id in its href and on hover; a detail page shows it too, having room.
  const content = name ? (
    <>
      <bdi>
        <VisibleText text={cut(name.name, TEXT_LIMIT.table)} />
      </bdi>
      {name.email && name.email !== name.name ? (
        <>
          {' '}
          <bdi>
            <VisibleText text={cut(name.email, TEXT_LIMIT.table)} />
          </bdi>
        </>
      ) : null}
      {mode === 'detail' ? (
        <>
          {' '}
          <span className="text-muted-foreground">
            (<VisibleText text={cut(id, TEXT_LIMIT[mode])} />)
          </span>
        </>
      ) : null}
    </>
  ) : (
    <VisibleText text={cut(id, TEXT_LIMIT[mode])} />
  );
  // A bare id isolates its direction on the link itself (dir=auto is what a bdi does) rather
  // than in one more element per row.
  const isolate = name ? {} : { dir: 'auto' as const };
  const hover = name ? id : undefined;
  // A bare id in a list is cut to fit the column, whole on hover and by its copy button.
  const bare = !name && mode === 'table' && copyableIds;
  const link = (
    <Link
      href={detailHref(entity, id)}
      title={bare ? id : hover}
      data-linked-id={id}
      {...isolate}
      className={name ? NAME_LINK_CLASS : cn(ID_LINK_CLASS, bare && TRUNCATED_ID_CLASS)}
    >
      {content}
    </Link>
  );
  return bare ? <CopyableId id={id}>{link}</CopyableId> : link;
}

function ExternalLink({ url, mode }: { url: string; mode: CellMode }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer nofollow" className="break-all record-link">
      <bdi>{cut(url, TEXT_LIMIT[mode])}</bdi>
    </a>
  );
}

function TimeValue({ value, kind, mode }: { value: unknown; kind: TimeEncoding; mode: CellMode }) {
  const date = toInstant(value, kind);
  if (!date) return <TruncatedText text={asText(value)} limit={TEXT_LIMIT[mode]} />;
  const iso = date.toISOString();
  if (mode === 'table') {
    // Date and time wrap apart in a narrow column, each whole.
    const [day, ...time] = formatUtc(date).split(' ');
    return (
      <time dateTime={iso} className="tabular-nums *:whitespace-nowrap">
        <span>{day}</span> <span>{time.join(' ')}</span>
      </time>
    );
  }
  return (
    <span className="flex flex-col">
      <time dateTime={iso} className="tabular-nums">
        {formatUtc(date)}
      </time>
      <span className="text-xs text-muted-foreground">
        Local: <LocalTime iso={iso} />
      </span>
    </span>
  );
}

export interface CellValueProps {
  column: { kind: ColumnKind; linkTo?: string | undefined };
  value: unknown;
  mode: CellMode;
  /** For id columns: the record's own entity, when the value is the record's id. */
  selfEntity?: string;
  /** Names (or titles) of linked records, by their detail href (lib/entities/names.ts). */
  titles?: ReadonlyMap<string, string | EntityName>;
  /**
   * In a list: a bare id is cut to its column's width,
   * with a button copying it whole.
   */
  copyableIds?: boolean;
}

export function CellValue({ column, value, mode, selfEntity, titles, copyableIds }: CellValueProps) {
  if (value === null || value === undefined || value === '') return <Empty />;
  const limit = TEXT_LIMIT[mode];
  switch (column.kind) {
    case 'id': {
      const target = column.linkTo ?? selfEntity;
      if (typeof value !== 'string' || !target)
        return <TruncatedText text={asText(value)} limit={limit} className="font-mono text-xs" />;
      return (
        <IdLink
          entity={target}
          id={value}
          title={column.linkTo ? titles?.get(detailHref(target, value)) : undefined}
          mode={mode}
          copyableIds={copyableIds}
        />
      );
    }
    case 'status':
      // In words ("in progress"), the raw value on hover when it differs (lib/status-labels).
      return typeof value === 'string' ? (
        <Badge
          variant={STATUS_VARIANTS[value] ?? 'outline'}
          dir="auto"
          {...(statusLabel(value) === value ? {} : { title: value })}
        >
          <VisibleText text={cut(statusLabel(value), 40)} />
        </Badge>
      ) : (
        <TruncatedText text={asText(value)} limit={limit} />
      );
    case 'boolean':
      return typeof value === 'boolean' ? (
        <Badge variant={value ? 'secondary' : 'outline'}>{value ? 'yes' : 'no'}</Badge>
      ) : (
        <TruncatedText text={asText(value)} limit={limit} />
      );
    case 'iso-datetime':
    case 'epoch-ms':
    case 'epoch-s':
      return <TimeValue value={value} kind={column.kind} mode={mode} />;
    case 'number':
      return typeof value === 'number' ? (
        <span className="tabular-nums">{value.toLocaleString('en-US')}</span>
      ) : (
        <TruncatedText text={asText(value)} limit={limit} />
      );
    case 'duration': {
      const formatted = formatDuration(value);
      return formatted ? (
        <span className="tabular-nums">{formatted}</span>
      ) : (
        <TruncatedText text={asText(value)} limit={limit} />
      );
    }
    case 'url': {
      const url = safeHttpUrl(value);
      return url ? (
        <ExternalLink url={url} mode={mode} />
      ) : (
        <TruncatedText text={asText(value)} limit={limit} className="text-muted-foreground" />
      );
    }
    case 'image': {
      const url = safeHttpUrl(value);
      if (!url) return <TruncatedText text={asText(value)} limit={limit} className="text-muted-foreground" />;
      const size = mode === 'table' ? 24 : 64;
      return (
        <span className="flex items-center gap-2">
          <OnDemandImage url={url} size={size} />
          {mode === 'detail' ? <ExternalLink url={url} mode={mode} /> : null}
        </span>
      );
    }
    case 'list': {
      if (!Array.isArray(value)) return <TruncatedText text={asText(value)} limit={limit} />;
      if (value.length === 0) return <Empty />;
      const shown = mode === 'table' ? value.slice(0, TABLE_LIST_ITEMS) : value;
      const itemColumn = { kind: column.linkTo ? ('id' as const) : ('text' as const), linkTo: column.linkTo };
      // Most lists in a table hold one item (a message's channel): it needs no row of its own.
      if (value.length === 1)
        return <CellValue column={itemColumn} value={value[0]} mode={mode} titles={titles} copyableIds={copyableIds} />;
      return (
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {shown.map((item, index) => (
            <CellValue
              key={index}
              column={itemColumn}
              value={item}
              mode={mode}
              titles={titles}
              copyableIds={copyableIds}
            />
          ))}
          {value.length > shown.length ? (
            <span className="text-xs text-muted-foreground">+{value.length - shown.length} more</span>
          ) : null}
        </span>
      );
    }
    case 'text':
    case 'email':
    case 'json':
      return (
        <TruncatedText
          text={asText(value)}
          limit={limit}
          // Prose gets room in a table instead of a column one word wide beside long ids; a short
          // value (a first name) keeps its column narrow, so the table fits the screen.
          className={cn(
            column.kind === 'json' && 'font-mono text-xs',
            mode === 'table' &&
              column.kind !== 'email' &&
              asText(value).length > PROSE_CHARS &&
              'inline-block min-w-48',
          )}
        />
      );
  }
}
