import { Link } from '@/components/link';
import { Button } from '@/components/ui/button';

/** A record the service does not have (deleted, merged, or a mistyped id). */
export default function RecordNotFound() {
  return (
    <div className="space-y-3" data-testid="not-found">
      <h1 className="text-2xl font-semibold tracking-tight">404: no such record</h1>
      <p className="max-w-xl text-sm text-muted-foreground">
        The service has no record with this id. It may have been deleted or merged into another; try the jump box with
        its e-mail or another id.
      </p>
      <Button asChild variant="outline">
        <Link href="/">Back to the dashboard</Link>
      </Button>
    </div>
  );
}
