/**
 * A domain as the service stores it: a hostname in lower case, international names in their
 * ASCII (punycode) form. The check itself is a plain function (no zod): the browser runs it as the operator types;
 * ./hostname.ts wraps it in the schema the form and the server action share.
 *
 * The conversion is the WHATWG URL parser's (the same IDNA processing in Node and in browsers),
 * never a hand-written one; the rules below are then checked on the ASCII form, which is what
 * the 63- and 253-character limits of DNS apply to.
 */

export const HOSTNAME_LIMITS = { label: 63, total: 253 } as const;

/** Longer input is not a hostname in any form; refused before it is parsed. */
const MAX_INPUT_CHARS = 1_000;

const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

export type HostnameCheck = { ok: true; ascii: string } | { ok: false; problem: string };

/** Why the input cannot be a domain, before any parsing: what an operator pastes by mistake. */
function shapeProblem(input: string): string | null {
  if (input === '') return 'Type a domain, like example.com.';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(input)) return 'Leave out the scheme (https://): type the domain only.';
  if (/\s|\p{Cc}/u.test(input)) return 'A domain has no spaces or control characters.';
  if (input.includes('*')) return 'Wildcards are not accepted: type one domain, like example.com.';
  if (/[/?#\\]/.test(input)) return 'Leave out any path: type the domain only.';
  if (input.includes('@')) return 'That looks like an e-mail address: type the part after the @.';
  if (input.includes(':')) return 'Leave out the port: type the domain only.';
  if (input.includes('%')) return 'A domain has no percent-escapes.';
  if (/[.。．｡]$/.test(input)) return 'Leave out the trailing dot.';
  return null;
}

/** The input as the service stores it, or why it is not a domain. */
export function checkHostname(raw: string): HostnameCheck {
  const input = raw.trim();
  if (input.length > MAX_INPUT_CHARS)
    return { ok: false, problem: `A domain is at most ${HOSTNAME_LIMITS.total} characters.` };
  const problem = shapeProblem(input);
  if (problem) return { ok: false, problem };
  let ascii: string;
  try {
    // Lower-cases, maps full-width dots and converts each international label to punycode.
    ascii = new URL(`http://${input}`).hostname;
  } catch {
    return {
      ok: false,
      problem:
        'This is not a valid domain (it cannot be converted to its ASCII form; a numeric last label is not allowed).',
    };
  }
  if (ascii.startsWith('[')) return { ok: false, problem: 'An IP address is not a domain.' };
  const labels = ascii.split('.');
  if (labels.length < 2) return { ok: false, problem: 'A domain has at least two labels, like example.com.' };
  if (labels.some((label) => label === ''))
    return { ok: false, problem: 'A domain has no empty labels (two dots in a row).' };
  if (ascii.length > HOSTNAME_LIMITS.total) {
    return {
      ok: false,
      problem: `A domain is at most ${HOSTNAME_LIMITS.total} characters in its ASCII form (this is ${ascii.length}).`,
    };
  }
  const long = labels.find((label) => label.length > HOSTNAME_LIMITS.label);
  if (long)
    return {
      ok: false,
      problem: `Each label is at most ${HOSTNAME_LIMITS.label} characters in its ASCII form ("${long.slice(0, 20)}…" is ${long.length}).`,
    };
  const bad = labels.find((label) => !LABEL.test(label));
  if (bad !== undefined) {
    return {
      ok: false,
      problem: `"${bad}": labels are letters, digits and hyphens, and do not start or end with a hyphen.`,
    };
  }
  if (/^\d+$/.test(labels.at(-1) ?? ''))
    return { ok: false, problem: 'The last label cannot be a number (an IP address is not a domain).' };
  return { ok: true, ascii };
}
