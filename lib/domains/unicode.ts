/**
 * International domain names: the service stores them in punycode (`xn--bcher-kva.example`),
 * operators read and type them in Unicode (`bücher.example`).
 */
import { domainToUnicode } from 'node:url';

/** The Unicode form of a stored name, when it has one other than itself. */
export function unicodeForm(ascii: string): string | null {
  const unicode = domainToUnicode(ascii);
  return unicode && unicode !== ascii ? unicode : null;
}

/** Whether a search has characters the service's search over punycode names can never match. */
export function hasNonAscii(text: string): boolean {
  return /\P{ASCII}/u.test(text);
}

/**
 * The ASCII characters of a search, in order, lower-cased. Punycode keeps a label's ASCII
 * characters verbatim at its start, so every stored name whose Unicode form contains the search
 * contains these: searching the service for them finds a superset to filter in Unicode.
 */
export function asciiPart(text: string): string {
  return text.replace(/\P{ASCII}/gu, '').toLowerCase();
}

/** Whether a stored name, read in Unicode, contains the search (ignoring case). */
export function unicodeFormContains(ascii: string, search: string): boolean {
  return (unicodeForm(ascii) ?? ascii).toLowerCase().includes(search.toLowerCase());
}
