/** Seed sizes. `large` gains 1,000,000 messages once messages are generated. */
export const PRESET_NAMES = ['small', 'default', 'large'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

export interface Preset {
  /** Total rows in `users`, the fixed demo accounts and hostile-content users included. */
  userCount: number;
}

export const PRESETS: Record<PresetName, Preset> = {
  small: { userCount: 60 },
  default: { userCount: 500 },
  large: { userCount: 500 },
};
