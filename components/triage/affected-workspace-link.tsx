import { Link } from '@/components/link';
import { VisibleText } from '@/components/entities/visible-text';
import type { EntityName } from '@/lib/entities/types';

/**
 * One of the "most affected workspaces": its name (the id on hover; the bare id when the name
 * could not be read), linking to the queue narrowed to it.
 */
export function AffectedWorkspaceLink({ guid, name, href }: { guid: string; name?: EntityName; href: string }) {
  return (
    <Link
      className={name ? 'truncate underline' : 'truncate font-mono text-xs underline'}
      href={href}
      title={name ? guid : undefined}
      data-workspace-id={guid}
    >
      <bdi>
        <VisibleText text={name?.name ?? guid} />
      </bdi>
    </Link>
  );
}
