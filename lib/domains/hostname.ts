/**
 * A domain as the service stores it (the rules are in ./hostname-check.ts). One schema for the
 * form in the browser and the server action, so the operator sees the same verdict before and
 * after submitting, and nothing invalid is sent.
 */
import { z } from 'zod';
import { checkHostname } from './hostname-check';

/** A typed domain, checked and converted: the output is the form the service stores. */
export const hostnameSchema = z.string().transform((value, context) => {
  const check = checkHostname(value);
  if (!check.ok) {
    context.addIssue({ code: 'custom', message: check.problem });
    return z.NEVER;
  }
  return check.ascii;
});
