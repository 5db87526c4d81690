import { fileURLToPath } from 'node:url';
import { quickAnswer } from './quick.js';
import type { CliIO, EXIT } from './io.js';

// This module imports nothing of the project but quick.ts (two JSON reads) and types: the command is imported once
// known; io.js and visible.js (which every command imports anyway) when a command throws.

/** The exit codes used here, as io.ts's EXIT says them (checked by the type). */
const CODES: Pick<typeof EXIT, 'ok' | 'usage'> = { ok: 0, usage: 2 };

/** A command of the CLI: its usage text and what it does. */
export interface Command {
  usage: string;
  /**
   * Does the command's work and resolves with the exit code once all of it is done: a server resolves when it has
   * stopped. bin/catalog.js ends the process as soon as the output is out, without waiting for node's own end (which
   * first runs V8's pending garbage-collection tasks and tears the heap down: 10 to 25 ms after `catalog validate` on
   * 10,000 files, docs/performance.md). So nothing may still be under way when it resolves.
   */
  run(argv: string[], io: CliIO): Promise<number>;
}

/**
 * The commands of the `catalog` CLI, each loaded only when it runs: `validate` does not pay for loading the service
 * (fastify) or git, which keeps a cold start short.
 */
const loaders = {
  validate: () => import('./commands/validate.js'),
  build: () => import('./commands/build.js'),
  diff: () => import('./commands/diff.js'),
  stale: () => import('./commands/stale.js'),
  sources: () => import('./commands/sources.js'),
  publish: () => import('./commands/publish.js'),
  serve: () => import('./commands/serve.js'),
  rules: () => import('./commands/rules.js'),
  new: () => import('./commands/new.js'),
  fmt: () => import('./commands/fmt.js'),
  close: () => import('./commands/close.js'),
  restrict: () => import('./commands/restrict.js'),
  site: () => import('./commands/site.js'),
  preview: () => import('./commands/preview.js'),
  lsp: () => import('./commands/lsp.js'),
} satisfies Record<string, () => Promise<Command>>;

/** The names of the commands, in the order help lists them. */
export const commandNames = Object.keys(loaders);

/** Loads one command, or undefined for a name that is not a command. */
export async function loadCommand(name: string): Promise<Command | undefined> {
  return Object.hasOwn(loaders, name) ? loaders[name as keyof typeof loaders]() : undefined;
}

/** Every command, loaded (for help and for tests that check the workflows against the CLI). */
export async function loadAllCommands(): Promise<Record<string, Command>> {
  return Object.fromEntries(await Promise.all(commandNames.map(async (n) => [n, (await loadCommand(n))!] as const)));
}

async function help(): Promise<string> {
  const commands = await loadAllCommands();
  return `Usage: catalog <command> [flags]\n\nCommands:\n${Object.values(commands)
    .map((c) => `  ${c.usage.split('\n')[0]}`)
    .join('\n')}\n\nRun catalog <command> --help for details.\n`;
}

/** Runs the CLI; returns the exit code. Only this layer reads argv, prints and chooses exit codes. */
export async function main(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(await help());
    return name === undefined ? CODES.usage : CODES.ok;
  }
  // `catalog --version` and a plain `catalog rules` (as rules.ts prints it) from package.json and compiled/rule-meta.json,
  // without loading a command (two folders up from src/cli and from compiled/cli is the project). bin/catalog.js gives
  // these answers before it loads this module; here they serve a CLI run in process.
  const quick = quickAnswer(argv, fileURLToPath(new URL('../..', import.meta.url)));
  if (quick !== undefined) {
    io.stdout.write(quick);
    return CODES.ok;
  }
  const command = await loadCommand(name);
  if (!command) {
    const { didYouMean } = await import('../domain/suggest.js');
    const near = didYouMean(name, commandNames);
    io.stderr.write(
      `catalog: unknown ${name.startsWith('-') ? 'flag' : 'command'} ${JSON.stringify(name)}${near ? `; did you mean ${near}?` : ''}\n\n${await help()}`,
    );
    return CODES.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(`${command.usage}\n`);
    return CODES.ok;
  }
  try {
    return await command.run(rest, io);
  } catch (err) {
    const [{ UsageError }, { inertLines }] = await Promise.all([import('./io.js'), import('../report/visible.js')]);
    if (err instanceof UsageError) {
      io.stderr.write(`catalog ${name}: ${inertLines(err.message)}\n\nUsage: ${command.usage}\n`);
      return CODES.usage;
    }
    io.stderr.write(`catalog ${name}: internal error: ${inertLines((err as Error).stack ?? String(err))}\n`);
    return CODES.usage;
  }
}

/** The process's IO. */
export function processIO(): CliIO {
  return { cwd: process.cwd(), env: process.env, stdout: process.stdout, stderr: process.stderr, now: () => new Date() };
}
