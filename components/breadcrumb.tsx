import { Link } from '@/components/link';

/** Longer titles are cut here: a service record's name can be any length. */
const MAX_TITLE_CHARS = 200;

interface BreadcrumbProps {
  /** The list this page belongs to. */
  href: string;
  label: string;
  /** The record this page shows, by id (set in monospace); or `children` for a page of the list's own. */
  record?: string;
  children?: React.ReactNode;
}

/** The trail above a page's title: the list it belongs to, then this page. */
export function Breadcrumb({ href, label, record, children }: BreadcrumbProps) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
      <Link href={href} className="hover:underline">
        {label}
      </Link>{' '}
      / {record === undefined ? children : <bdi className="font-mono text-xs">{record}</bdi>}
    </nav>
  );
}

/** A record's name as a page title: isolated from the page's direction, cut at 200 characters. */
export function RecordTitle({ text }: { text: string }) {
  const characters = Array.from(text);
  return <bdi>{characters.length > MAX_TITLE_CHARS ? `${characters.slice(0, MAX_TITLE_CHARS).join('')}…` : text}</bdi>;
}
