// Worker thread: reads and parses a share of the catalog's files (see parallel.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { parseCatalogText, readTextSync, type ParsedText } from './load.js';

const { absDir, names } = workerData as { absDir: string; names: string[] };
const parsed: ParsedText[] = [];
for (const name of names) parsed.push(parseCatalogText(readTextSync(absDir, name)));
parentPort!.postMessage(parsed);
