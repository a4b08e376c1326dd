/** What every CSV export shares: the process's export slots and pacing, and one streaming body. */
import { ExportSlots, exportSettings, tooManyExportsResponse } from './limits';
import { ExportPacing, type PacedReader } from './pacing';

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

/**
 * An export of service reads for one operator: a slot (or the 429 saying there is none free)
 * and paced reads; `end` gives both back when the download ends, fails or is cancelled.
 */
export function openPacedExport(
  operatorId: string,
): { ok: false; response: Response } | { ok: true; paced: PacedReader; end: () => void } {
  const { slots, pacing } = exportState();
  const slot = slots.acquire(operatorId);
  if (!slot.ok) return { ok: false, response: tooManyExportsResponse(slot) };
  const paced = pacing.open(operatorId);
  return {
    ok: true,
    paced,
    end: () => {
      paced.done();
      slot.release();
    },
  };
}
