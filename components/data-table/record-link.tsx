/**
 * A link to a record's page (hrefs from lib/entities/hrefs), as id cells show it. A plain anchor
 * the console layout's ClientNavLinks follows: a table repeats it in every row.
 */
export function RecordLink({ href, children, className }: { href: string; children: React.ReactNode; className?: string }) {
  return (
    <a data-client-nav className={className ?? 'font-mono text-xs underline'} href={href}>
      {children}
    </a>
  );
}
