import { classNameProp } from '@/lib/utils';
import { ExpandableText } from './expandable-text';
import { VisibleText } from '../visible-text';

/**
 * Text from the service, as text, cut at `limit` characters with a button to see all of it.
 * `bdi` isolates right-to-left text from the page around it; invisible direction controls are shown.
 * Text that fits is plain markup, so a server-rendered table sends no client component for it:
 * only cut text needs the button's state.
 */
export function TruncatedText({ text, limit, className }: { text: string; limit: number; className?: string }) {
  // Counting characters costs an array; a string no longer in UTF-16 units is short enough.
  const length = text.length <= limit ? text.length : Array.from(text).length;
  if (length > limit) return <ExpandableText text={text} limit={limit} length={length} className={className} />;
  return (
    <bdi {...classNameProp(className)}>
      <VisibleText text={text} />
    </bdi>
  );
}
