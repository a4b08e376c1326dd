import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/** The parts of the page's link that were not understood (and were replaced by defaults). */
export function ParamIssues({ issues }: { issues: readonly string[] }) {
  if (issues.length === 0) return null;
  return (
    <Alert variant="warning" data-testid="param-issues">
      <AlertTitle>Parts of this link were not understood</AlertTitle>
      <AlertDescription>
        <ul className="list-disc pl-4">
          {issues.map((issue) => (
            <li key={issue}>{issue}</li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
