import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import type { ParamIssue } from '@/lib/search-params';

/** What a page could not use of its URL (lib/search-params), above what it shows instead. */
export function ParamIssues({ issues }: { issues: readonly ParamIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <Alert variant="warning" data-testid="param-issues">
      <AlertTitle>Parts of this link were not understood</AlertTitle>
      <AlertDescription>
        <ul className="list-disc pl-4">
          {issues.map((issue) => (
            <li key={`${issue.param}:${issue.message}`}>{issue.message}</li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
