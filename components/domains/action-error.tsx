import { Link } from '@/components/link';
import type { DomainWriteResult } from '@/app/(console)/_actions/domains';
import { ActionErrorAlert } from '@/components/confirm-dialog';

type Failed = Extract<DomainWriteResult, { ok: false }>;

/** How a domain write failed, in the dialog: the action's failure, with the duplicate's link. */
export function DomainActionError({ result }: { result: Failed }) {
  const { error, duplicateOf } = result;
  return (
    <ActionErrorAlert error={error} testId="domain-action-error">
      {duplicateOf ? (
        <Link className="underline" href={`/domains/${encodeURIComponent(duplicateOf.id)}`}>
          Open the existing domain {duplicateOf.domain}
        </Link>
      ) : null}
    </ActionErrorAlert>
  );
}
