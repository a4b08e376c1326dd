/**
 * The emulator's state: one indexed table per record type, built from seed data. Routes read and
 * change it only through the tables (and the operations in this folder), so indexes stay true.
 */
import type { ChannelMemberRow, ChannelRow } from '../seed/channels';
import type { DomainRow } from '../seed/domains';
import type { SeedData } from '../seed/index';
import type { MessageRow } from '../seed/messages';
import type { NotificationRow } from '../seed/notifications';
import type { PaymentPlanRow } from '../seed/payment-plans';
import type { SignInAccountRow, UserRow } from '../seed/users';
import type { WorkspaceMemberRow, WorkspaceRow } from '../seed/workspaces';
import { Table } from '../store/table';

export interface World {
  /** "Now" of the seeded data, epoch milliseconds. */
  reference: number;
  users: Table<UserRow>;
  signInAccounts: Table<SignInAccountRow>;
  workspaces: Table<WorkspaceRow>;
  workspaceMembers: Table<WorkspaceMemberRow>;
  channels: Table<ChannelRow>;
  channelMembers: Table<ChannelMemberRow>;
  messages: Table<MessageRow>;
  notifications: Table<NotificationRow>;
  domains: Table<DomainRow>;
  paymentPlans: Table<PaymentPlanRow>;
  /** Reprocessed messages still `processing`: message id -> when processing finishes (epoch ms). */
  processingUntil: Map<string, number>;
}

export function buildWorld(data: SeedData): World {
  return {
    reference: data.reference,
    users: new Table(data.users, { indexed: ['account_type', 'creator_id', 'merged_into'] }),
    signInAccounts: new Table(data.signInAccounts),
    workspaces: new Table(data.workspaces, { indexed: ['owner_guid'] }),
    workspaceMembers: new Table(data.workspaceMembers, { indexed: ['workspace_guid', 'user_id'] }),
    channels: new Table(data.channels, { indexed: ['workspace_guid', 'owner_guid', 'type', 'visibility'] }),
    channelMembers: new Table(data.channelMembers, { indexed: ['channel_guid', 'user_id'] }),
    messages: new Table(data.messages, {
      indexed: ['status', 'workspace_guid', 'creator_guid', 'poison'],
      elementIndexed: ['channel_guids'],
    }),
    notifications: new Table(data.notifications, {
      indexed: ['user_id', 'type', 'channel_id', 'message_id', 'workspace_id'],
    }),
    domains: new Table(data.domains, { indexed: ['domain', 'workspace_guid'] }),
    paymentPlans: new Table(data.paymentPlans),
    processingUntil: new Map(),
  };
}
