/** The Prometheus scrape (lib/observability/scrape.ts says who may read it and what it holds). */
import { scrapeResponse } from '@/lib/observability/scrape';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return scrapeResponse(request.headers.get('authorization'));
}
