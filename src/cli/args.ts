import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isDate, todayOf } from '../domain/dates.js';
import { didYouMean } from '../domain/suggest.js';
import { UsageError, type CliIO } from './io.js';

/**
 * Parses a command's flags strictly: an unknown flag or a missing value is a usage error, never ignored; an unknown
 * flag gets the nearest known one ("did you mean --format?"). Positional arguments only where the command takes some.
 */
export function parseFlags<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T, config: { positionals?: boolean } = {}) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: config.positionals ?? false });
  } catch (err) {
    const message = (err as Error).message.replace(/\. To specify a positional argument.*$/s, '');
    const unknown = /^Unknown option '(-{1,2}[^'=]+)/.exec(message)?.[1];
    if (unknown) {
      const names = Object.keys(options).map((n) => `--${n}`);
      const near = didYouMean(unknown, names);
      throw new UsageError(`unknown flag ${unknown}${near ? `; did you mean ${near}?` : ''} (flags: ${names.join(', ')})`);
    }
    throw new UsageError(message);
  }
}

/** --today, or today's UTC date from the injected clock. */
export function todayFlag(value: string | undefined, io: CliIO): string {
  if (value === undefined) return todayOf(io.now());
  if (!isDate(value)) throw new UsageError(`--today must be a real date YYYY-MM-DD, not ${JSON.stringify(value)}`);
  return value;
}

/** A non-negative integer flag such as --max-warnings. */
export function intFlag(name: string, value: string | undefined, min = 0): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min) throw new UsageError(`--${name} must be a whole number of at least ${min}, not ${JSON.stringify(value)}`);
  return Number(value);
}

/** One of a list of allowed values. */
export function choiceFlag<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, not ${JSON.stringify(value)}`);
  return value as T;
}
