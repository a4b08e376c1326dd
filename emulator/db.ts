/**
 * The emulator's database: an in-memory PGlite loaded from a snapshot of the pristine seed.
 *
 * The snapshot (a PGlite data-dir tarball) is generated once per preset, seed and generator
 * version and cached on disk; every start and every reset loads it afresh, so state changed
 * through the API never outlives the process.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { SCHEMA_SQL } from './schema';
import { GENERATOR_VERSION, generateSeedData, writeSeedData } from './seed';
import type { PresetName } from './seed/presets';

export interface SnapshotSource {
  preset: PresetName;
  seed: number;
  dataDir: string;
}

export interface DatabaseLoadReport {
  /** True when the snapshot was generated now rather than read from the cache. */
  generated: boolean;
  snapshotFile: string;
  milliseconds: number;
}

export function snapshotFileFor(source: SnapshotSource): string {
  return path.resolve(source.dataDir, `${source.preset}-${source.seed}-v${GENERATOR_VERSION}.tar.gz`);
}

export class EmulatorDatabase {
  private constructor(
    private instance: PGlite,
    private readonly snapshot: Blob,
    readonly loadReport: DatabaseLoadReport,
  ) {}

  /** Loads the cached snapshot, generating and caching it first when missing or unreadable. */
  static async open(source: SnapshotSource): Promise<EmulatorDatabase> {
    const started = performance.now();
    const snapshotFile = snapshotFileFor(source);
    const cached = await readFile(snapshotFile).catch(() => null);
    if (cached) {
      const snapshot = new Blob([cached]);
      const instance = await loadSnapshot(snapshot).catch((error: unknown) => {
        console.warn(`[emulator] cached snapshot ${snapshotFile} is unreadable, regenerating:`, error);
        return null;
      });
      if (instance) {
        return new EmulatorDatabase(instance, snapshot, {
          generated: false,
          snapshotFile,
          milliseconds: performance.now() - started,
        });
      }
    }
    const { instance, snapshot } = await generateSnapshot(source);
    await writeAtomically(snapshotFile, Buffer.from(await snapshot.arrayBuffer()));
    return new EmulatorDatabase(instance, snapshot, {
      generated: true,
      snapshotFile,
      milliseconds: performance.now() - started,
    });
  }

  /** The current database; replaced by `reset`, so read it per use rather than keeping it. */
  get sql(): PGlite {
    return this.instance;
  }

  /** Replaces all state with the pristine seed. */
  async reset(): Promise<void> {
    const fresh = await loadSnapshot(this.snapshot);
    const old = this.instance;
    this.instance = fresh;
    await old.close();
  }

  async close(): Promise<void> {
    await this.instance.close();
  }
}

async function loadSnapshot(snapshot: Blob): Promise<PGlite> {
  const instance = new PGlite({ loadDataDir: snapshot });
  await instance.waitReady;
  return instance;
}

async function generateSnapshot(source: SnapshotSource): Promise<{ instance: PGlite; snapshot: Blob }> {
  const instance = new PGlite();
  try {
    await instance.waitReady;
    await instance.exec(SCHEMA_SQL);
    await writeSeedData(instance, generateSeedData(source.preset, source.seed));
    // Fresh statistics, so the first queries after a load plan well.
    await instance.exec('ANALYZE');
    return { instance, snapshot: await instance.dumpDataDir('gzip') };
  } catch (error) {
    await instance.close();
    throw error;
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
