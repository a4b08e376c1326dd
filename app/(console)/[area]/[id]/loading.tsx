import { Skeleton } from '@/components/ui/skeleton';

/** While a record streams in: the shape of its page. */
export default function EntityDetailLoading() {
  return (
    <div className="space-y-6" aria-busy="true" aria-label="Loading the record">
      <div className="space-y-2">
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-8 w-80" />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-96 lg:col-span-2" />
        <Skeleton className="h-64" />
      </div>
      <Skeleton className="h-48" />
    </div>
  );
}
