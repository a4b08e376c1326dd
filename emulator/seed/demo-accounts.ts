/**
 * The fixed accounts that can sign in, present in every preset with fixed ids. Staff accounts
 * may be granted the `admin` scope; member@example.com never is (the console shows its
 * "admin scope required" page for it).
 */
export const DEMO_PASSWORD = 'console-demo';

export interface DemoAccount {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  adminAllowed: boolean;
  /**
   * The password hash's salt, for accounts added after the seed was fixed: theirs is given here
   * rather than drawn from the seed's random stream, so every other seeded record stays as it was.
   */
  salt?: string;
}

export const DEMO_ACCOUNTS = {
  ops: {
    id: 'usr_00000000000000000001',
    email: 'ops@example.com',
    firstName: 'Morgan',
    lastName: 'Reyes',
    adminAllowed: true,
  },
  support: {
    id: 'usr_00000000000000000002',
    email: 'support@example.com',
    firstName: 'Sam',
    lastName: 'Okafor',
    adminAllowed: true,
  },
  viewer: {
    id: 'usr_00000000000000000003',
    email: 'viewer@example.com',
    firstName: 'Vic',
    lastName: 'Lindqvist',
    adminAllowed: true,
  },
  member: {
    id: 'usr_00000000000000000004',
    email: 'member@example.com',
    firstName: 'Maya',
    lastName: 'Chen',
    adminAllowed: false,
  },
  /** A second ops operator, to try four-eyes approvals on one machine. */
  lead: {
    id: 'usr_00000000000000000005',
    email: 'lead@example.com',
    firstName: 'Lee',
    lastName: 'Adebayo',
    adminAllowed: true,
    salt: 'lead-demo-account-fixed-salt-000',
  },
} as const satisfies Record<string, DemoAccount>;
