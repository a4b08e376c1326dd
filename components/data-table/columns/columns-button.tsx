import { Columns3 } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The column chooser's button: the menu's trigger, and its stand-in while the menu loads. */
export function ColumnsButton(props: React.ComponentProps<typeof Button>) {
  return (
    <Button type="button" variant="outline" size="sm" {...props}>
      <Columns3 aria-hidden /> Columns
    </Button>
  );
}
