import { Link } from '@/components/link';
import { Button } from '@/components/ui/button';

/** An area name that is neither a console area nor an entity the service has. */
export default function AreaNotFound() {
  return (
    <div className="space-y-3" data-testid="not-found">
      <h1 className="text-2xl font-semibold tracking-tight">404: no such list</h1>
      <p className="text-sm text-muted-foreground">
        The console has no such area, and the service has no entity of that name.
      </p>
      <Button asChild variant="outline">
        <Link href="/">Back to the dashboard</Link>
      </Button>
    </div>
  );
}
