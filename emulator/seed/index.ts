/**
 * The deterministic seed: `generateSeedData` is a pure function of preset and seed; bump
 * GENERATOR_VERSION whenever its output changes, so cached snapshots are regenerated.
 */
import { generateChannels, type ChannelMemberRow, type ChannelRow } from './channels';
import { referenceDateForSeed, type SeedContext } from './context';
import { generateDomains, type DomainRow } from './domains';
import { generateMessages, type MessageRow } from './messages';
import { generateNotifications, type NotificationRow } from './notifications';
import { generatePaymentPlans, type PaymentPlanRow } from './payment-plans';
import { PRESETS, type PresetName } from './presets';
import { generateUsers, type SignInAccountRow, type UserRow } from './users';
import { backdateWorkspaces, generateWorkspaces, type WorkspaceMemberRow, type WorkspaceRow } from './workspaces';

export const GENERATOR_VERSION = 5;

/** Every table's rows; the world (model/world.ts) indexes them. */
export interface SeedData {
  /** "Now" of the generated world, epoch milliseconds. */
  reference: number;
  users: UserRow[];
  signInAccounts: SignInAccountRow[];
  workspaces: WorkspaceRow[];
  workspaceMembers: WorkspaceMemberRow[];
  channels: ChannelRow[];
  channelMembers: ChannelMemberRow[];
  messages: MessageRow[];
  notifications: NotificationRow[];
  domains: DomainRow[];
  paymentPlans: PaymentPlanRow[];
}

export function generateSeedData(presetName: PresetName, seed: number): SeedData {
  const context: SeedContext = { seed, preset: PRESETS[presetName], reference: referenceDateForSeed(seed).getTime() };
  const { users, signInAccounts } = generateUsers(context);
  const workspaces = generateWorkspaces(context, users);
  const channels = generateChannels(context, users, workspaces);
  const messages = generateMessages(context, users, channels);
  backdateWorkspaces(workspaces.workspaces, channels.channels);
  return {
    reference: context.reference,
    users: inIdOrder(users),
    signInAccounts: inIdOrder(signInAccounts),
    workspaces: inIdOrder(workspaces.workspaces),
    workspaceMembers: inIdOrder(workspaces.workspaceMembers),
    channels: inIdOrder(channels.channels),
    channelMembers: inIdOrder(channels.channelMembers),
    messages: inIdOrder(messages),
    notifications: inIdOrder(generateNotifications(context, users, channels, messages, workspaces.purgedWorkspaceIds)),
    domains: inIdOrder(generateDomains(context, workspaces.workspaces)),
    paymentPlans: inIdOrder(generatePaymentPlans(context, users, workspaces)),
  };
}

/** Rows stored in id order make the tables' id index (the base of every sorted index) a linear pass. */
function inIdOrder<Row extends { id: string }>(rows: Row[]): Row[] {
  return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
