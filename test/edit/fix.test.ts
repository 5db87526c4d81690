/** validate --fix: each safe fix rewrites how a value is written, never what it means; the rest is left to the analyst. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../git/repo.js';
import { ASSET_USDC, RAIL_BR_PIX, setLine, VALID, writeCatalog } from '../helpers/catalog.js';

const rail = (key: string, line: string) => ({ 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, key, line) });

async function fix(files: Record<string, string>) {
  const dir = await writeCatalog({ ...VALID, ...files });
  const run = await cli(['validate', '--dir', '.', '--no-base', '--fix', '--format', 'json'], dir);
  const [name] = Object.keys(files);
  return { run, text: await readFile(path.join(dir, name), 'utf8') };
}

describe('validate --fix', () => {
  it.each([
    { name: 'a lowercase currency', files: rail('currency', 'currency: brl'), line: 'currency: BRL' },
    { name: 'a lowercase country code in a list', files: rail('countries', 'countries: [br]'), line: 'countries: [BR]' },
    { name: 'a code with spaces around it, in quotes', files: rail('currency', 'currency: " BRL"'), line: 'currency: "BRL"' },
    { name: 'a lowercase ticker', files: { 'assets/usdc.yaml': setLine(ASSET_USDC, 'ticker', 'ticker: usdc') }, line: 'ticker: USDC' },
    { name: 'yes in a true-or-false property', files: rail('businessDaysOnly', 'businessDaysOnly: yes'), line: 'businessDaysOnly: true' },
    { name: 'Off in a true-or-false property', files: rail('businessDaysOnly', 'businessDaysOnly: Off'), line: 'businessDaysOnly: false' },
    { name: 'a quoted "false"', files: rail('businessDaysOnly', 'businessDaysOnly: "false"'), line: 'businessDaysOnly: false' },
    { name: 'a quoted whole number', files: rail('minMinor', 'minMinor: "100"'), line: 'minMinor: 100' },
    { name: 'an example read as a number', files: rail('examples', 'examples: [0123456789]'), line: 'examples: ["0123456789"]' },
  ])('fixes $name', async ({ files, line }) => {
    const { run, text } = await fix(files);
    expect(run.code, run.stdout).toBe(0);
    expect(text).toContain(`${line}\n`);
    expect(run.stderr).toMatch(/^fixed rails\/BR-pix\.yaml|^fixed assets\/usdc\.yaml/m);
    expect(run.stderr).toContain('1 problem(s) fixed; 0 error(s)');
  });

  it.each([
    { name: 'a slug in capitals (a name is not guessed)', files: rail('slug', 'slug: Pix') },
    { name: 'a quoted number with a leading zero', files: rail('minMinor', 'minMinor: "0100"') },
    { name: 'a kind that is not in the list', files: rail('kind', 'kind: instant') },
    { name: 'y in a true-or-false property', files: rail('businessDaysOnly', 'businessDaysOnly: y') },
  ])('leaves $name as written, and says it remains', async ({ files }) => {
    const { run, text } = await fix(files);
    expect(run.code).toBe(1);
    expect(text).toBe(Object.values(files)[0]);
    expect(run.stderr).toContain('0 problem(s) fixed; 1 error(s)');
  });

  it('says how many problems --fix would fix, without it', async () => {
    const dir = await writeCatalog({ ...VALID, ...rail('currency', 'currency: brl') });
    const run = await cli(['validate', '--dir', '.', '--no-base'], dir);
    expect(run.stderr).toContain('1 of these problems can be fixed safely with --fix');
    expect(await readFile(path.join(dir, 'rails/BR-pix.yaml'), 'utf8')).toContain('currency: brl');
  });
});
