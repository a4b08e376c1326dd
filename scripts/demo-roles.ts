/** The emulator's staff accounts, each with the console role of its name (CONSOLE_ROLES by default, and in the browser tests). */
export const DEMO_ROLES =
  'ops@example.com=ops,lead@example.com=ops,support@example.com=support,viewer@example.com=viewer';
