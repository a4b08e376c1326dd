/**
 * Reads a page's search parameters with the shared parsers, collecting what was wrong as
 * issues for the page to show. One behaviour everywhere:
 * - absent or blank: the default, silently;
 * - a bad value: reported with the value (shortened) and the default used instead;
 * - a parameter given several times (other than a list such as checkboxes): reported, and its
 *   first value read;
 * - a parameter the page does not read: reported by name, up to MAX_UNKNOWN_REPORTED names
 *   (each shortened), the rest counted, so a link with thousands of them makes a short page.
 */
import type { z } from 'zod';

export interface ParamIssue {
  param: string;
  message: string;
}

type Raw = Readonly<Record<string, string | string[] | undefined>>;

export const MAX_UNKNOWN_REPORTED = 5;
const MAX_SHOWN_CHARS = 40;

/** A value or name as shown in an issue: at most 40 characters, control characters visible. */
export function shownName(value: string): string {
  const characters = Array.from(value.replace(/\p{Cc}/gu, '\ufffd'));
  return characters.length > MAX_SHOWN_CHARS
    ? `${characters.slice(0, MAX_SHOWN_CHARS).join('')}…`
    : characters.join('');
}

const describe = (value: string) => JSON.stringify(shownName(value));

export interface ParamReader {
  /** A single-valued parameter, or undefined (absent, or bad and reported). */
  read<T>(param: string, schema: z.ZodType<T>, fallback: string): T | undefined;
  /** A parameter that may repeat (checkboxes): its good values; bad ones are reported. */
  readList<T>(param: string, schema: z.ZodType<T>, fallback: string): T[];
  /** The first value as given (trimmed), without checks or reports: after `read` reported it. */
  text(param: string): string | undefined;
  /** Records a problem found across parameters (a range that ends before it starts). */
  report(param: string, message: string): void;
  /** The issues so far, plus one per unknown parameter (see above); `where` names the page. */
  finish(where: string): ParamIssue[];
}

export function paramReader(raw: Raw): ParamReader {
  const issues: ParamIssue[] = [];
  const known = new Set<string>();
  const values = (param: string): string[] => {
    known.add(param);
    const value = Object.hasOwn(raw, param) ? raw[param] : undefined;
    return (Array.isArray(value) ? value : value === undefined ? [] : [value])
      .map((item) => item.trim())
      .filter((item) => item !== '');
  };
  const parse = <T>(param: string, value: string, schema: z.ZodType<T>, fallback: string): T | undefined => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    issues.push({
      param,
      message: `${param} ${describe(value)} ${parsed.error.issues[0]?.message ?? 'is invalid'}; ${fallback}.`,
    });
    return undefined;
  };
  return {
    read(param, schema, fallback) {
      const all = values(param);
      if (all.length === 0) return undefined;
      if (all.length > 1)
        issues.push({
          param,
          message: `${param} is given ${all.length} times; the first, ${describe(all[0]!)}, is used.`,
        });
      return parse(param, all[0]!, schema, fallback);
    },
    readList(param, schema, fallback) {
      return values(param).flatMap((value) => {
        const parsed = parse(param, value, schema, fallback);
        return parsed === undefined ? [] : [parsed];
      });
    },
    text(param) {
      return values(param)[0];
    },
    report(param, message) {
      issues.push({ param, message });
    },
    finish(where) {
      const unknown = Object.keys(raw).filter((name) => !known.has(name));
      const named = unknown.slice(0, MAX_UNKNOWN_REPORTED).map((name) => ({
        param: shownName(name),
        message: `${shownName(name)} is not a parameter of this ${where}; ignored.`,
      }));
      const rest = unknown.length - named.length;
      const counted =
        rest > 0
          ? [
              {
                param: '…',
                message: `${rest.toLocaleString('en-US')} more parameters this ${where} does not have were ignored.`,
              },
            ]
          : [];
      return [...issues, ...named, ...counted];
    },
  };
}
