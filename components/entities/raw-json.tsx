import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyButton } from './copy-button';

/** The record exactly as the service sent it, formatted, as text, with a copy button. */
export function RawJson({ record }: { record: unknown }) {
  const id = 'raw-record-json';
  return (
    <Card gap="gap-3">
      <CardHeader row className="items-center justify-between gap-1.5">
        <CardTitle className="text-base">
          <h2>Raw record</h2>
        </CardTitle>
        <CopyButton targetId={id} label="Copy JSON" />
      </CardHeader>
      <CardContent>
        {/* Focusable so a keyboard can scroll it (the record may be taller than its box). */}
        <pre
          id={id}
          data-testid="raw-json"
          tabIndex={0}
          aria-label="Raw record JSON"
          className="max-h-[32rem] overflow-auto rounded-md bg-muted p-3 font-mono text-xs break-all whitespace-pre-wrap"
        >
          {JSON.stringify(record, null, 2)}
        </pre>
      </CardContent>
    </Card>
  );
}
