import { Link } from '@/components/link';

/** A link to a record's page (hrefs from lib/entities/hrefs), as id cells show it. */
export function RecordLink({
  href,
  children,
  className,
}: {
  href: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <Link className={className ?? 'font-mono text-xs underline'} href={href}>
      {children}
    </Link>
  );
}
