/** The rules' pages. */
export const RULES_HREF = '/rules';
export const ruleHref = (id: string) => `/rules/${id}`;
