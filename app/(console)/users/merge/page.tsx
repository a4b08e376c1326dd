import type { Metadata } from 'next';
import { Link } from '@/components/link';
import { MergeConfirmForm } from '@/components/accounts/merge-confirm-form';
import { MergePicker, mergeHref } from '@/components/accounts/merge-picker';
import { MergePreviewView } from '@/components/accounts/merge-preview-view';
import { Breadcrumb } from '@/components/breadcrumb';
import { ServiceFailure } from '@/components/entities/service-failure';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { readMergePreview, searchUsers } from '@/lib/accounts/data';
import { mergeUsersAction } from '@/lib/actions/accounts';
import { approvalGateFor } from '@/lib/approvals/gate';
import { permissionFor } from '@/lib/auth/roles';
import { readFromService, requireAdminSession } from '@/lib/auth/session';
import { serviceIdSchema } from '@/lib/upstream/contract';

export const metadata: Metadata = { title: 'Merge accounts' };

type MergePageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const idParam = serviceIdSchema('user id');
function readId(value: string | string[] | undefined): string | null {
  const parsed = idParam.safeParse(typeof value === 'string' ? value : undefined);
  return parsed.success ? parsed.data : null;
}
const readText = (value: string | string[] | undefined) =>
  typeof value === 'string' ? value.trim().slice(0, 200) : '';

/**
 * Merge two accounts: pick the one to fold and the one to keep, see both side by side with what
 * moves (read from the service, never from the form), swap if needed, type the folded account's
 * e-mail, submit.
 */
export default async function MergeUsersPage({ searchParams }: MergePageProps) {
  const query = await searchParams;
  const { operator, upstream } = await requireAdminSession();
  const source = readId(query.source);
  const target = readId(query.target);
  const sourceQuery = readText(query.sq);
  const targetQuery = readText(query.tq);
  const permission = permissionFor(operator.role, mergeUsersAction);

  const [sourceResults, targetResults, preview, approval] = await Promise.all([
    !source && sourceQuery ? readFromService(searchUsers(upstream, sourceQuery)) : null,
    !target && targetQuery ? readFromService(searchUsers(upstream, targetQuery)) : null,
    source && target ? readFromService(readMergePreview(upstream, source, target, { withPlans: true })) : null,
    approvalGateFor(operator, mergeUsersAction, {}),
  ]);
  const failure = [sourceResults, targetResults, preview].find((read) => read && !read.ok);
  if (failure && !failure.ok)
    return (
      <ServiceFailure title="Merge accounts" failure={failure.failure} retryHref={mergeHref({ source, target })} />
    );

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <Breadcrumb href="/users" label="Users">
          Merge
        </Breadcrumb>
        <h1 className="text-2xl font-semibold tracking-tight">Merge accounts</h1>
        <p className="max-w-2xl text-sm text-muted-foreground">
          The folded account&apos;s workspaces, channels, memberships, messages and agents move to the kept account, and
          the folded account stops existing.
        </p>
        {permission.allowed ? null : (
          <p className="text-sm text-muted-foreground">You can look at a preview but not merge.</p>
        )}
      </div>

      {!source ? (
        <MergePicker
          side="source"
          other={{ param: 'target', id: target }}
          query={sourceQuery}
          results={sourceResults?.ok ? sourceResults.data : null}
        />
      ) : null}
      {!target ? (
        <MergePicker
          side="target"
          other={{ param: 'source', id: source }}
          query={targetQuery}
          results={targetResults?.ok ? targetResults.data : null}
        />
      ) : null}
      {source && !target ? (
        <p className="text-sm">
          Folding <code>{source}</code>.{' '}
          <Link href={mergeHref({ target: source })} className="text-primary underline">
            Keep it instead
          </Link>
        </p>
      ) : null}

      {preview?.ok ? (
        preview.data.ok ? (
          <>
            <MergePreviewView preview={preview.data.preview} />
            <MergeConfirmForm
              sourceId={preview.data.preview.source.user.id}
              targetId={preview.data.preview.target.user.id}
              confirmation={preview.data.preview.confirmation}
              direction={preview.data.preview.direction}
              permission={permission}
              approval={approval}
            />
          </>
        ) : (
          <Alert variant="destructive" data-testid="merge-refusal">
            <AlertTitle>These accounts cannot be merged</AlertTitle>
            <AlertDescription>
              <p>{preview.data.refusal.message}</p>
              <p>
                <Link href={mergeHref({ source })} className="underline">
                  Pick another account to keep
                </Link>{' '}
                or{' '}
                <Link href={mergeHref({ target })} className="underline">
                  another account to fold
                </Link>
                .
              </p>
            </AlertDescription>
          </Alert>
        )
      ) : null}
    </div>
  );
}
