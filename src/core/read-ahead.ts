import * as fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { readRaw, type RawRead } from './read-raw.js';

/**
 * Reads catalog files on a second thread while this one parses (a large catalog: 10,000 rails spend about a sixth of a
 * run in open, read and close). The worker only reads: it runs readRaw (the very function the main thread reads with,
 * from its source text, so both read alike) on each path in order and sends the bytes in batches, the batch's buffer
 * transferred, not copied. Parsing stays on the main thread (parse workers cost more than they saved: see
 * docs/performance.md). Should the worker fail, the main thread reads what is left itself.
 */

/** Files per message. */
const BATCH = 64;

/** The worker: reads the paths it is given (null: skip) with readRaw, and posts each batch of results. */
const WORKER = `
const fs = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const readRaw = (${readRaw.toString()});
const { paths, max, batch } = workerData;
const bytes = Buffer.allocUnsafe(max + 1);
for (let from = 0; from < paths.length; from += batch) {
  const results = [];
  const chunks = [];
  let size = 0;
  for (let i = from; i < Math.min(from + batch, paths.length); i++) {
    if (paths[i] === null) { results.push(null); continue; }
    const raw = readRaw(fs, paths[i], bytes, max);
    if ('length' in raw) { chunks.push(Buffer.from(bytes.subarray(0, raw.length))); size += raw.length; }
    results.push(raw);
  }
  const all = Buffer.concat(chunks, size);
  const buffer = all.byteOffset === 0 && all.byteLength === all.buffer.byteLength ? all.buffer : all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength);
  parentPort.postMessage({ from, results, buffer }, [buffer]);
}
`;

interface Batch {
  from: number;
  results: Array<RawRead | null>;
  buffer: ArrayBuffer;
}

/** A file read ahead: what reading gave, and its bytes when it has some. */
export interface AheadRead {
  raw: RawRead;
  bytes?: Uint8Array;
}

export class ReadAhead {
  private readonly worker: Worker;
  private readonly got: Array<AheadRead | undefined>;
  private waiting?: { index: number; resolve: () => void };
  private failed = false;
  private readonly own: Buffer;

  /** Reads `paths` (absolute; null for a path not to read) ahead; `max` is the size limit readRaw applies. */
  constructor(
    private readonly paths: Array<string | null>,
    private readonly max: number,
  ) {
    this.got = new Array(paths.length);
    this.own = Buffer.allocUnsafe(max + 1);
    this.worker = new Worker(WORKER, { eval: true, workerData: { paths, max, batch: BATCH } });
    this.worker.unref();
    this.worker.on('message', (batch: Batch) => this.take(batch));
    const fail = () => {
      this.failed = true;
      this.wake();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', fail);
  }

  private take({ from, results, buffer }: Batch): void {
    let at = 0;
    results.forEach((raw, k) => {
      if (raw === null) return;
      if ('length' in raw) {
        this.got[from + k] = { raw, bytes: new Uint8Array(buffer, at, raw.length) };
        at += raw.length;
      } else this.got[from + k] = { raw };
    });
    this.wake();
  }

  private wake(): void {
    const w = this.waiting;
    if (w && (this.failed || this.got[w.index] !== undefined)) {
      this.waiting = undefined;
      w.resolve();
    }
  }

  /** The read of paths[index]; read here when the worker did not (it failed or exited before reaching it). */
  async read(index: number): Promise<AheadRead> {
    if (this.got[index] === undefined && !this.failed) await new Promise<void>((resolve) => (this.waiting = { index, resolve }));
    const read = this.got[index];
    if (read !== undefined) {
      this.got[index] = undefined; // its bytes can go once decoded
      return read;
    }
    const raw = readRaw(fs, this.paths[index]!, this.own, this.max);
    return { raw, bytes: this.own };
  }

  /** Stops the worker (a run that ends early). */
  close(): void {
    void this.worker.terminate();
  }
}
