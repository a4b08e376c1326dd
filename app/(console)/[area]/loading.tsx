import { Skeleton } from '@/components/ui/skeleton';

/** While a list streams in: the shape of the toolbar, the table and the paging. */
export default function EntityListLoading() {
  return (
    <div className="space-y-4" aria-busy="true" aria-label="Loading the list">
      <Skeleton className="h-8 w-40" />
      <div className="flex flex-wrap gap-3">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-9 w-44" />
        <Skeleton className="h-9 w-44" />
      </div>
      <div className="space-y-2 rounded-md border p-2">
        <Skeleton className="h-8 w-full" />
        {Array.from({ length: 10 }, (_, index) => (
          <Skeleton key={index} className="h-7 w-full" />
        ))}
      </div>
      <Skeleton className="ml-auto h-8 w-80" />
    </div>
  );
}
