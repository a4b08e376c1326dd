/**
 * GET /admin/message/statistics beyond its record shape (which is `dailyMessageStatisticsSchema`
 * in the main contract module).
 *
 * ASSUMPTION: the spec shows no parameters. The console counts days in UTC by default and calls
 * the endpoint exactly as the spec shows it then. For an operator's zone it adds `tz=<IANA zone>`
 * and reads the answer's days as that zone's calendar days; a service that ignores the parameter
 * answers UTC days, which the page cannot tell apart, so the page names the zone it asked for.
 */
export const STATISTICS_TIME_ZONE_PARAM = 'tz';
