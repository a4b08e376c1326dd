'use client';

import { createContext, useContext } from 'react';
import type { ActionPermission } from '@/lib/auth/roles';

const ViewSharing = createContext<ActionPermission>({ allowed: false, reason: 'Sharing views needs the ops role.' });

/**
 * Whether the signed-in operator may share views, decided once by the console layout from the
 * action's own required role, for the save control every filter bar carries.
 */
export function ViewSharingProvider({
  permission,
  children,
}: {
  permission: ActionPermission;
  children: React.ReactNode;
}) {
  return <ViewSharing value={permission}>{children}</ViewSharing>;
}

export const useViewSharing = () => useContext(ViewSharing);
