import { Input } from '@/components/ui/input';
import { MAX_VIEW_NAME } from '@/lib/views/values';

/** A view's name as the save and rename dialogs take it: one line, at most MAX_VIEW_NAME characters. */
export function ViewNameInput({
  id,
  value,
  onChange,
  problem,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (name: string) => void;
  /** Why the name cannot be saved as it is, shown by the dialog; marks the field invalid. */
  problem?: string | null;
  /** The id of the text that explains the field. */
  describedBy?: string;
}) {
  return (
    <Input
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      maxLength={MAX_VIEW_NAME}
      autoComplete="off"
      aria-invalid={problem ? true : undefined}
      aria-describedby={describedBy}
      className="w-full"
    />
  );
}
