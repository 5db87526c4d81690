import * as build from './commands/build.js';
import * as diff from './commands/diff.js';
import * as rules from './commands/rules.js';
import * as serve from './commands/serve.js';
import * as stale from './commands/stale.js';
import * as validate from './commands/validate.js';
import { EXIT, UsageError, type CliIO } from './io.js';

interface Command {
  usage: string;
  run(argv: string[], io: CliIO): Promise<number>;
}

/** The commands of the `catalog` CLI. */
export const commands: Record<string, Command> = { validate, build, diff, stale, serve, rules };

function help(): string {
  return `Usage: catalog <command> [flags]\n\nCommands:\n${Object.values(commands)
    .map((c) => '  ' + c.usage.split('\n')[0])
    .join('\n')}\n\nRun catalog <command> --help for details.\n`;
}

/** Runs the CLI; returns the exit code. Only this layer reads argv, prints and chooses exit codes. */
export async function main(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(help());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = commands[name];
  if (!command) {
    io.stderr.write(`catalog: unknown command ${JSON.stringify(name)}\n\n${help()}`);
    return EXIT.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(command.usage + '\n');
    return EXIT.ok;
  }
  try {
    return await command.run(rest, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr.write(`catalog ${name}: ${err.message}\n\nUsage: ${command.usage}\n`);
      return EXIT.usage;
    }
    io.stderr.write(`catalog ${name}: internal error: ${(err as Error).stack ?? String(err)}\n`);
    return EXIT.usage;
  }
}

/** The process's IO. */
export function processIO(): CliIO {
  return { cwd: process.cwd(), env: process.env, stdout: process.stdout, stderr: process.stderr, now: () => new Date() };
}
