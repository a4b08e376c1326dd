/** Seed sizes: `small` for fast tests, `default` for development, `large` for benchmarks. */
export const PRESET_NAMES = ['small', 'default', 'large'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

export interface Preset {
  /** Total rows in `users`, the fixed demo accounts and hostile-content users included. */
  userCount: number;
  /** Workspaces, agents' own workspaces included. */
  workspaceCount: number;
  channelCount: number;
  messageCount: number;
  notificationCount: number;
  domainCount: number;
}

export const PRESETS: Record<PresetName, Preset> = {
  small: {
    userCount: 60,
    workspaceCount: 8,
    channelCount: 40,
    messageCount: 2_000,
    notificationCount: 300,
    domainCount: 10,
  },
  default: {
    userCount: 500,
    workspaceCount: 60,
    channelCount: 2_000,
    messageCount: 50_000,
    notificationCount: 5_000,
    domainCount: 80,
  },
  large: {
    userCount: 2_000,
    workspaceCount: 200,
    channelCount: 8_000,
    messageCount: 1_000_000,
    notificationCount: 40_000,
    domainCount: 250,
  },
};
