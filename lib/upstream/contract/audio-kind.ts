/**
 * An audio model's kind, part of the contract with the voice service (see ./index.ts). A plain
 * function, no zod: the stuck queue's "missing" column runs it in the browser.
 */
import type { AudioModel } from './messages';

/** An audio model's kind: its `type`, or else what its URL says (`.m3u8` HLS, `.mp3` MP3). */
export function audioModelKind(model: AudioModel): 'hls' | 'mp3' | string | null {
  if (model.type) return model.type;
  const path = model.url.split(/[?#]/)[0]!.toLowerCase();
  return path.endsWith('.m3u8') ? 'hls' : path.endsWith('.mp3') ? 'mp3' : null;
}
