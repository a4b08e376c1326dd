/** What every CSV export shares: the process's export slots and pacing, and one streaming body. */
import { ExportSlots, exportSettings } from './limits';
import { ExportPacing } from './pacing';

export { csvResponse } from './csv-response';
export { tooManyExportsResponse, type ExportSlot } from './limits';

interface ExportState {
  slots: ExportSlots;
  pacing: ExportPacing;
}

// One per process, also across the module copies Next.js may load for different routes.
const KEY = Symbol.for('voice-ops-console.exports');
type WithExports = typeof globalThis & { [KEY]?: ExportState };

export function exportState(): ExportState {
  const global = globalThis as WithExports;
  if (!global[KEY]) {
    const settings = exportSettings();
    global[KEY] = { slots: new ExportSlots(settings), pacing: new ExportPacing(settings.rateHeadroom) };
  }
  return global[KEY];
}
