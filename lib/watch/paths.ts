/** The rules' pages. */
import { withScopeQuery } from '@/lib/incidents/hrefs';
import type { IncidentScope } from '@/lib/incidents/types';

export const RULES_HREF = '/rules';
export const ruleHref = (id: string) => `/rules/${id}`;
export const editRuleHref = (id: string) => `/rules/${id}/edit`;

/** The new-rule form with a stuck target prefilled ("Watch this" on a stuck view). */
export function newRuleHref(scope?: Partial<IncidentScope>): string {
  return withScopeQuery('/rules/new', scope);
}

/** The new-rule form watching a saved view ("Watch this" on the saved views page). */
export const newRuleHrefForView = (viewId: string) => `/rules/new?view=${encodeURIComponent(viewId)}`;
