import { Link } from '@/components/link';
import { cn } from '@/lib/utils';

const VIEWS = [
  { href: '/agents', label: 'All agents' },
  { href: '/agents/humans', label: 'Agents per human' },
  { href: '/agents/mine', label: 'My agents' },
] as const;

/** The three views of the agents area, the current one marked. */
export function AgentsNav({ current }: { current: (typeof VIEWS)[number]['href'] }) {
  return (
    <nav aria-label="Agent views" className="flex flex-wrap gap-1 border-b">
      {VIEWS.map((view) => (
        <Link
          key={view.href}
          href={view.href}
          aria-current={view.href === current ? 'page' : undefined}
          className={cn(
            '-mb-px border-b-2 px-3 py-2 text-sm',
            view.href === current
              ? 'border-primary font-medium text-foreground'
              : 'border-transparent text-muted-foreground hover:text-foreground',
          )}
        >
          {view.label}
        </Link>
      ))}
    </nav>
  );
}
