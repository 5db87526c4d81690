import { Worker } from 'node:worker_threads';
import type { ParsedText } from './load.js';

/**
 * Reads and parses catalog files on several worker threads (YAML parsing is the bulk of validating a large catalog).
 * Returns undefined when workers cannot be used, and the caller parses on the main thread instead.
 */
export async function parseInWorkers(absDir: string, names: string[], workers: number): Promise<ParsedText[] | undefined> {
  // Workers start without the TypeScript loader of the main thread: register tsx in the worker, then load its module.
  const api = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./parse-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
  const size = Math.ceil(names.length / workers);
  const chunks = Array.from({ length: workers }, (_, i) => names.slice(i * size, (i + 1) * size)).filter((c) => c.length);
  try {
    const results = await Promise.all(
      chunks.map(
        (chunk) =>
          new Promise<ParsedText[]>((resolve, reject) => {
            const worker = new Worker(bootstrap, { eval: true, workerData: { absDir, names: chunk } });
            worker.once('message', (parsed: ParsedText[]) => {
              resolve(parsed);
              void worker.terminate();
            });
            worker.once('error', reject);
            worker.once('exit', (code) => code !== 0 && reject(new Error(`parse worker exited with ${code}`)));
          }),
      ),
    );
    return results.flat();
  } catch {
    return undefined;
  }
}
