/** The sidebar's rules entry with how many rules fire now. */
import type { NavItem } from '@/components/shell/nav-items';
import { RULES_HREF } from './paths';

export function withFiringCount(items: readonly NavItem[], firing: number): readonly NavItem[] {
  if (firing <= 0) return items;
  return items.map((item) =>
    item.href === RULES_HREF ? { ...item, label: `${item.label} (${firing.toLocaleString('en-US')} firing)` } : item,
  );
}
