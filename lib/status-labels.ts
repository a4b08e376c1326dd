/**
 * Statuses in words, the one place they are worded: the service's raw values (`inprogress`,
 * `account-deleted`) read as "in progress", "account deleted" wherever a status is shown; the
 * raw value stays beside or under it (on hover, in filters and URLs) where an operator needs it.
 * A value the console does not know is shown as it is.
 */
const LABELS: Readonly<Record<string, string>> = {
  active: 'active',
  offline: 'offline',
  paused: 'paused',
  processing: 'processing',
  scheduled: 'scheduled',
  deleted: 'deleted',
  'account-deleted': 'account deleted',
  initializing: 'initializing',
  inprogress: 'in progress',
  canceled: 'canceled',
};

export function statusLabel(raw: string): string {
  return Object.hasOwn(LABELS, raw) ? LABELS[raw]! : raw;
}

/** The label and, when it differs from the label, the raw value: "in progress (inprogress)". */
export function statusWithRaw(raw: string): string {
  const label = statusLabel(raw);
  return label === raw ? raw : `${label} (${raw})`;
}
