/**
 * The emulator's data: an in-memory world (model/world.ts) built from a snapshot of the pristine
 * seed. The snapshot (the generated rows, V8-serialised and gzipped) is generated once per preset,
 * seed and generator version and cached on disk; every start and every reset builds the world
 * afresh from it, so state changed through the API never outlives the process.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { deserialize, serialize } from 'node:v8';
import { gunzip, gzip } from 'node:zlib';
import { buildWorld, type World } from './model/world';
import { GENERATOR_VERSION, generateSeedData, type SeedData } from './seed';
import type { PresetName } from './seed/presets';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export interface SnapshotSource {
  preset: PresetName;
  seed: number;
  dataDir: string;
}

export interface DatabaseLoadReport {
  /** True when the snapshot was generated now rather than read from the cache. */
  generated: boolean;
  snapshotFile: string;
  /** Size of the snapshot file in bytes. */
  snapshotBytes: number;
  milliseconds: number;
}

export function snapshotFileFor(source: SnapshotSource): string {
  return path.resolve(source.dataDir, `${source.preset}-${source.seed}-v${GENERATOR_VERSION}.seed.gz`);
}

export class EmulatorDatabase {
  private constructor(
    private current: World,
    /** The gzipped snapshot, kept to rebuild pristine state on reset. */
    private readonly snapshot: Buffer,
    readonly loadReport: DatabaseLoadReport,
  ) {}

  /** Loads the cached snapshot, generating and caching it first when missing or unreadable. */
  static async open(source: SnapshotSource): Promise<EmulatorDatabase> {
    const started = performance.now();
    const snapshotFile = snapshotFileFor(source);
    const cached = await readFile(snapshotFile).catch(() => null);
    if (cached) {
      const data = await readSnapshot(cached).catch((error: unknown) => {
        console.warn(`[emulator] cached snapshot ${snapshotFile} is unreadable, regenerating:`, error);
        return null;
      });
      if (data) {
        return new EmulatorDatabase(buildWorld(data), cached, {
          generated: false,
          snapshotFile,
          snapshotBytes: cached.length,
          milliseconds: performance.now() - started,
        });
      }
    }
    const data = generateSeedData(source.preset, source.seed);
    // Level 1: the large preset's snapshot compresses in seconds rather than minutes.
    const snapshot = await gzipAsync(serialize(data), { level: 1 });
    await writeAtomically(snapshotFile, snapshot);
    return new EmulatorDatabase(buildWorld(data), snapshot, {
      generated: true,
      snapshotFile,
      snapshotBytes: snapshot.length,
      milliseconds: performance.now() - started,
    });
  }

  /** The current state; replaced by `reset`, so read it per use rather than keeping it. */
  get world(): World {
    return this.current;
  }

  /** Replaces all state with the pristine seed. */
  async reset(): Promise<void> {
    this.current = buildWorld(await readSnapshot(this.snapshot));
  }

  async close(): Promise<void> {
    // Nothing to release: the state is plain memory.
  }
}

async function readSnapshot(snapshot: Buffer): Promise<SeedData> {
  const data = deserialize(await gunzipAsync(snapshot)) as SeedData;
  shareRepeatedStrings(data.messages, ['status', 'status_reason', 'workspace_guid', 'creator_guid', 'channel_guids']);
  shareRepeatedStrings(data.notifications, ['type', 'user_id', 'workspace_id', 'channel_id', 'from_user_id']);
  return data;
}

/**
 * A snapshot holds every occurrence of a string apart, so a million messages come back with a
 * million `"active"` strings. Sharing one instance per value, as the generator had, makes the
 * comparisons of lists and indexes pointer checks again and saves the memory.
 */
function shareRepeatedStrings<Row extends object>(rows: Row[], fields: readonly (keyof Row & string)[]): void {
  const shared = new Map<string, string>();
  const share = (value: string): string => {
    const existing = shared.get(value);
    if (existing !== undefined) return existing;
    shared.set(value, value);
    return value;
  };
  for (const row of rows) {
    const record = row as Record<string, unknown>;
    for (const field of fields) {
      const value = record[field];
      if (typeof value === 'string') record[field] = share(value);
      else if (Array.isArray(value))
        record[field] = value.map((item: unknown) => (typeof item === 'string' ? share(item) : item));
    }
  }
}

/** Temp file then rename: concurrent starts (parallel test files) never read a partial file. */
async function writeAtomically(file: string, content: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, content);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
