import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** A titled part of a record's page (an incident's, a watch rule's): a card with an h2. */
export function SectionCard({
  title,
  children,
  testId,
  className,
}: {
  title: string;
  children: React.ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <Card className={className} data-testid={testId}>
      <CardHeader>
        <CardTitle className="text-base">
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">{children}</CardContent>
    </Card>
  );
}
