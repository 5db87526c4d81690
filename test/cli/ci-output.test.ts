/**
 * Catalog text is data, never a command. The CLI runs as a process on catalogs whose names, file
 * names, patterns and help hold workflow commands, ANSI escapes and HTML; the output is read as the GitHub runner reads
 * a log (every line, leading white space trimmed, `::` or `##[` starts a command) and must hold exactly the commands
 * the tool meant to write.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { afterAll, describe, expect, it } from 'vitest';
import { runCatalog } from '../helpers/cli.js';
import { COUNTRY_BR, RAIL_BR_PIX, setLine, TODAY, VALID, writeCatalog } from '../helpers/catalog.js';
import { branch, cleanup, cli, makeRepo, START } from '../git/repo.js';

const catalog = runCatalog;

/** The lines the runner would act on (it splits on CR and LF, trims leading white space). */
function commandsIn(output: string): string[] {
  return output.split(/\r\n|\r|\n/).filter((line) => /^\s*(?:::|##\[)/.test(line));
}

/** A workflow command as the runner decodes it. */
function decode(line: string): { command: string; properties: Record<string, string>; data: string } {
  const m = /^::([a-z-]+)(?: ([^:]*))?::(.*)$/s.exec(line.trimStart());
  if (!m) throw new Error(`not a workflow command: ${line}`);
  const unescapeCommand = (s: string, property: boolean) => {
    let out = s.replace(/%0D/g, '\r').replace(/%0A/g, '\n');
    if (property) out = out.replace(/%3A/g, ':').replace(/%2C/g, ',');
    return out.replace(/%25/g, '%');
  };
  const properties = Object.fromEntries(
    (m[2] ?? '')
      .split(',')
      .filter(Boolean)
      .map((kv) => {
        const i = kv.indexOf('=');
        return [kv.slice(0, i), unescapeCommand(kv.slice(i + 1), true)];
      }),
  );
  return { command: m[1], properties, data: unescapeCommand(m[3], false) };
}

/** BR-pix copied into a file whose name, id, name, pattern and help carry commands, ANSI escapes and HTML. */
const HOSTILE_FILE = 'rails/BR-ted\n::error::from the file name.yaml';
const HOSTILE_RAIL = setLine(
  setLine(
    setLine(
      setLine(setLine(RAIL_BR_PIX, 'id', 'id: "BR-ted\\n::error::from the id"'), 'slug', 'slug: ted'),
      'name',
      'name: "Pix\\n::error::from the name\\r::warning::cr\\n##[error]old form"',
    ),
    'pattern',
    "pattern: '^[0-9]+%0A::error::from the pattern($'",
  ),
  'help',
  'help: { fr: "<img src=x> \\u001b[31mrouge", en: "\\u001b]8;;https://evil.example\\u0007link\\u001b]8;;\\u0007 \\u202Egnp.exe" }',
);
const HOSTILE = { ...VALID, [HOSTILE_FILE]: HOSTILE_RAIL };

afterAll(cleanup);

describe('catalog text never becomes a command', () => {
  it('catalog build (refused, problems printed in stylish) writes no workflow command and no ANSI escape of the data', async () => {
    const dir = await writeCatalog(HOSTILE);
    const result = await catalog(['build', '--dir', '.', '--out', 'seed.json', '--today', TODAY], dir);
    expect(result.code).toBe(1);
    expect(commandsIn(result.stdout + result.stderr)).toEqual([]);
    expect(result.stdout + result.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
    expect(result.stdout).toContain('rails/BR-ted\\n::error::from the file name.yaml');
    await expect(stat(path.join(dir, 'seed.json'))).rejects.toThrow();
  });

  it('catalog build refuses a rail name that would carry a command on a line of its own, and prints it as data', async () => {
    const named = setLine(setLine(RAIL_BR_PIX, 'name', 'name: "Pix\\n::error::from the name"'), 'verifiedAt', 'verifiedAt: "2026-01-15"');
    const dir = await writeCatalog({
      ...VALID,
      'rails/BR-pix.yaml': named,
      'rails/BR-ted.yaml': named.replace('id: BR-pix', 'id: BR-ted').replace('slug: pix', 'slug: ted').replace('name: "Pix', 'name: "Ted'),
    });
    const result = await catalog(['build', '--dir', '.', '--out', 'seed.json', '--today', TODAY], dir);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toContain('U+000A LINE FEED in the value (written as the escape \\n)');
    expect(commandsIn(result.stdout + result.stderr)).toEqual([]);
    await expect(stat(path.join(dir, 'seed.json'))).rejects.toThrow();
  });

  it('validate --format github writes exactly one annotation per problem, and the data decodes to the message', async () => {
    const dir = await writeCatalog(HOSTILE);
    const json = JSON.parse((await catalog(['validate', '--dir', '.', '--format', 'json', '--today', TODAY], dir)).stdout) as {
      problems: Array<{ file: string; line: number; column: number; rule: string; severity: string; message: string }>;
    };
    const result = await catalog(['validate', '--dir', '.', '--format', 'github', '--today', TODAY], dir);
    const commands = commandsIn(result.stdout + result.stderr).map(decode);
    expect(json.problems.length).toBeGreaterThan(2);
    // Each escape of a refused character is a problem of its own: the format shows the first 10 of each severity.
    const seen = { error: 0, warning: 0 } as Record<string, number>;
    const shown = json.problems.filter((p) => ++seen[p.severity] <= 10);
    expect(json.problems.length).toBeGreaterThan(shown.length);
    expect(commands.map((c) => [c.command, c.properties.file, Number(c.properties.line), Number(c.properties.col), c.properties.title])).toEqual(
      shown.map((p) => [p.severity, p.file, p.line, p.column, p.rule]),
    );
    for (const [i, c] of commands.entries()) expect(c.data).toBe(shown[i].message);
    const pattern = commands.find((c) => c.properties.title === 'pattern-syntax');
    expect(pattern?.data).toContain('%0A::error::from the pattern');
    expect(pattern?.data).not.toContain('\n');
  });

  it('validate (stylish) shows control characters, ANSI escapes and bidi controls escaped', async () => {
    const dir = await writeCatalog({ ...VALID, 'countries/\u001b[2J\u202eBR.yaml': COUNTRY_BR });
    const result = await catalog(['validate', '--dir', '.', '--today', TODAY], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('countries/\\u001b[2J\\u202eBR.yaml');
    expect(result.stdout).not.toMatch(/[\u001b\u202e]/);
  });
});

/**
 * Markdown rendered as a CommonMark + GFM-tables renderer does (markdown-it, raw HTML allowed as GitHub allows some):
 * the HTML must hold no element made from catalog text, every table row its four or six cells, and no `@name` outside
 * code that GitHub would turn into a mention.
 */
const markdown = new MarkdownIt({ html: true, linkify: false });
function rendered(md: string) {
  const html = markdown.render(md);
  const rows = [...html.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => (m[1].match(/<t[dh]\b/g) ?? []).length);
  const outsideCode = html.replace(/<code>[\s\S]*?<\/code>/g, '');
  const tags = [...html.matchAll(/<([a-z][a-z0-9]*)\b/gi)].map((m) => m[1].toLowerCase());
  return { html, rows, outsideCode, tags: [...new Set(tags)].sort() };
}
/** The elements the tool's own Markdown makes (headings, tables, lists, quotes, emphasis, code, line breaks). */
const OWN_TAGS = ['blockquote', 'br', 'code', 'em', 'h2', 'h3', 'li', 'p', 'strong', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul'];

describe('the Markdown of catalog diff and catalog stale is data', () => {
  it('escapes pipes, backticks, HTML and mentions: no element, cell or mention comes from catalog text', async () => {
    const repo = await makeRepo(START);
    const pix = setLine(
      setLine(
        setLine(RAIL_BR_PIX, 'name', 'name: "Pix | `code` @payments-team\\n::error::x <img src=x>"'),
        'help',
        'help: { fr: "<img src=x onerror=alert(1)>", en: "ping @octocat **now** [x](javascript:alert(1))" }',
      ),
      'verifiedAt',
      'verifiedAt: "2026-11-20"',
    );
    const tree = await branch(repo, 'hostile', 'main', { 'rails/BR-pix.yaml': pix });
    const result = await cli(['diff', '--base', 'main', '--dir', 'data/catalog'], tree.root);
    expect(result.code, result.stderr).toBe(0);
    expect(commandsIn(result.stdout)).toEqual([]);
    const { rows, outsideCode, tags, html } = rendered(result.stdout);
    expect(tags.filter((t) => !OWN_TAGS.includes(t))).toEqual([]);
    expect(html).not.toMatch(/<img|<a /);
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.every((n) => n === 4)).toBe(true);
    expect(outsideCode).not.toMatch(/@[A-Za-z]/);
    expect(outsideCode).toContain('@\u200bpayments-team');
    expect(html).toContain('Pix | `code` @\u200bpayments-team<br>::error::x &lt;img src=x&gt;');
  });

  it('catalog stale escapes an id read before the schema', async () => {
    const dir = await writeCatalog({
      ...VALID,
      'rails/BR-pix.yaml': setLine(setLine(RAIL_BR_PIX, 'id', 'id: "BR-pix | <b>x</b> @all `y`"'), 'verifiedAt', 'verifiedAt: "2026-01-01"'),
    });
    const result = await cli(['stale', '--dir', '.'], dir);
    const { rows, outsideCode, tags } = rendered(result.stdout);
    expect(tags.filter((t) => !OWN_TAGS.includes(t))).toEqual([]);
    expect(rows).toEqual([6, 6]);
    expect(outsideCode).not.toMatch(/@[A-Za-z]/);
  });
});
