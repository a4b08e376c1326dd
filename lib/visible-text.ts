/**
 * Characters that change how text is shown without being seen: bidirectional overrides and
 * isolates (U+202A-U+202E, U+2066-U+2069; "Levi \u202Egnp.exe" displays as "Levi exe.png"),
 * zero-width characters and other invisible formatting. The console shows each as a visible
 * marker, so a name cannot pretend to be something else.
 */

// Not U+200C/U+200D (joiners): emoji sequences and several scripts need them.
const INVISIBLE = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;

export type TextPart = { text: string } | { codePoint: string };

/** The text split around invisible characters; each becomes `U+XXXX`. */
export function revealInvisible(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(INVISIBLE)) {
    const index = match.index;
    if (index > last) parts.push({ text: text.slice(last, index) });
    parts.push({ codePoint: `U+${match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` });
    last = index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
