import { Link } from '@/components/link';
import { NAV_ITEMS } from '@/components/shell/nav-items';
import { areaOf, fromPath } from '@/lib/navigation/from';

interface ReturnBreadcrumbProps {
  /** The list the record belongs to, when it was not opened from another view. */
  href: string;
  label: string;
  /** The page's `back` parameter as given (checked here). */
  back: unknown;
  children: React.ReactNode;
}

/**
 * A record's breadcrumb: the view it was opened from (the stuck queue with its filters, a page
 * of a list) when the link said so, else the list it belongs to.
 */
export function ReturnBreadcrumb({ href, label, back, children }: ReturnBreadcrumbProps) {
  const from = fromPath(back);
  const area = from ? NAV_ITEMS.find((item) => item.href === `/${areaOf(from)}`) : undefined;
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
      <Link href={from && area ? from : href} className="hover:underline" data-testid="breadcrumb-back">
        {from && area ? area.label : label}
      </Link>{' '}
      / {children}
    </nav>
  );
}
