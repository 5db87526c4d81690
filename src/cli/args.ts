import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isDate, todayOf } from '../core/dates.js';
import { UsageError, type CliIO } from './io.js';

/** Parses a command's flags strictly: an unknown flag or a missing value is a usage error, never ignored. */
export function parseFlags<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false });
  } catch (err) {
    throw new UsageError((err as Error).message.replace(/\. To specify a positional argument.*$/s, ''));
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
