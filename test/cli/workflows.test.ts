/**
 * The GitHub workflows run only commands that exist: every `npm run X` is a script of package.json, every
 * `npx catalog <command> --flag` a command of the CLI with a flag its usage lists (and a value among the listed ones).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadAllCommands } from '../../src/cli/main.js';

const commands = await loadAllCommands();

const root = path.resolve(__dirname, '../..');
const workflowDir = path.join(root, '.github/workflows');
const scripts: Record<string, string> = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts ?? {};

interface Step {
  id?: string;
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  if?: string;
  permissions?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  name?: string;
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

function workflows(): Array<[string, Workflow]> {
  return readdirSync(workflowDir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((f) => [f, parse(readFileSync(path.join(workflowDir, f), 'utf8'), { version: '1.2' }) as Workflow]);
}

/** Splits a shell line into words, honouring quotes (enough for workflow steps; no expansions are evaluated). */
function words(command: string): string[] {
  const out: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(command))) out.push(m[1] ?? m[2] ?? m[3]);
  return out;
}

/** The simple commands of a `run:` script: lines joined at `\`, split at &&, ||, ;, |, redirections dropped. */
function shellCommands(script: string): string[][] {
  return script
    .replace(/\\\n/g, ' ')
    .split(/\n|&&|\|\||;|(?<![|])\|(?![|])/)
    .map((c) => words(c.replace(/\s\d?>>?\s*\S+/g, ' ').trim()))
    .map((w) => {
      while (w.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(w[0])) w.shift(); // FOO=bar cmd
      return w;
    })
    .filter((w) => w.length > 0 && !w[0].startsWith('#'));
}

/** The flags a command's usage string lists, with their allowed values when it lists them (--format a|b). */
function usageFlags(usage: string): Map<string, string[] | undefined> {
  const flags = new Map<string, string[] | undefined>([['--help', undefined]]);
  for (const m of usage.matchAll(/(--[a-z][a-z-]*)(?:[ =]([a-z0-9-]+(?:\|[a-z0-9-]+)+))?/g)) flags.set(m[1], m[2]?.split('|') ?? flags.get(m[1]));
  return flags;
}

/** What is wrong with one invocation of the CLI (words after `catalog`), or nothing. */
function checkCatalog(args: string[]): string[] {
  const [name, ...rest] = args;
  const command = name === undefined ? undefined : commands[name];
  if (!command) return [`catalog ${name}: no such command (commands: ${Object.keys(commands).join(', ')})`];
  const flags = usageFlags(command.usage);
  const problems: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    if (!rest[i].startsWith('--')) continue;
    const [flag, inline] = rest[i].split(/=(.*)/s);
    if (!flags.has(flag)) {
      problems.push(`catalog ${name} ${flag}: not a flag of the command (usage: ${command.usage.split('\n')[0]})`);
      continue;
    }
    const allowed = flags.get(flag);
    const value = inline ?? rest[i + 1];
    if (allowed && value !== undefined && !value.includes('$') && !allowed.includes(value))
      problems.push(`catalog ${name} ${flag} ${value}: not one of ${allowed.join(', ')}`);
  }
  return problems;
}

/** What is wrong with one shell command of a workflow, or nothing; `seen` collects what was checked. */
function checkCommand(w: string[], seen: string[] = []): string[] {
  const [bin, ...args] = w;
  if (bin === 'npx' && args[0] === 'catalog') {
    seen.push(`catalog ${args[1]}`);
    return checkCatalog(args.slice(1));
  }
  if (bin === 'node' && args[0] === 'bin/catalog.js') {
    seen.push(`catalog ${args[1]}`);
    return checkCatalog(args.slice(1));
  }
  if (bin === 'npm') {
    const [sub, ...rest] = args;
    if (sub === 'ci' || sub === 'install') return (seen.push(`npm ${sub}`), []);
    const script = sub === 'test' || sub === 'start' ? sub : sub === 'run' || sub === 'run-script' ? rest[0] : undefined;
    if (script === undefined) return [`npm ${sub}: not a command the workflows are expected to run`];
    seen.push(`npm run ${script}`);
    if (!(script in scripts)) return [`npm run ${script}: no such script in package.json (scripts: ${Object.keys(scripts).join(', ')})`];
    // `npm run validate -- --format github`: the arguments go to the script's catalog command.
    const extra = rest.indexOf('--') >= 0 ? rest.slice(rest.indexOf('--') + 1) : [];
    const target = /^node bin\/catalog\.js (\S+)(.*)$/.exec(scripts[script]);
    if (target && extra.length) return checkCatalog([target[1], ...words(target[2]), ...extra]);
    return [];
  }
  return [];
}

describe('the workflow checker', () => {
  it('splits shell scripts into commands', () => {
    expect(
      shellCommands('npm ci && npx catalog diff --base "origin/$BASE_REF" --format markdown | tee -a "$GITHUB_STEP_SUMMARY"\necho x >> "$GITHUB_OUTPUT"'),
    ).toEqual([
      ['npm', 'ci'],
      ['npx', 'catalog', 'diff', '--base', 'origin/$BASE_REF', '--format', 'markdown'],
      ['tee', '-a', '$GITHUB_STEP_SUMMARY'],
      ['echo', 'x'],
    ]);
  });

  it.each([
    ['npx catalog frobnicate', /no such command/],
    ['npx catalog validate --fromat github', /--fromat: not a flag/],
    ['npx catalog diff --base origin/main --format github', /--format github: not one of markdown, json/],
    ['npm run nope', /no such script/],
    ['npm run validate -- --colour', /--colour: not a flag/],
  ])('catches %s', (script, problem) => {
    const problems = shellCommands(script).flatMap((w) => checkCommand(w));
    expect(problems.join('\n')).toMatch(problem);
  });

  it('accepts what exists', () => {
    const script = 'npx catalog validate --format github --base "origin/$BASE_REF"\nnpm run validate -- --format json\nnpm test\nnpx catalog stale --within=30';
    expect(shellCommands(script).flatMap((w) => checkCommand(w))).toEqual([]);
  });
});

describe('.github/workflows', () => {
  const all = workflows();
  const steps = all.flatMap(([file, wf]) => Object.entries(wf.jobs).flatMap(([job, j]) => j.steps.map((s) => ({ file, job, step: s }))));

  it('has workflows', () => {
    expect(all.map(([f]) => f)).toEqual(expect.arrayContaining(['catalog.yml', 'stale.yml', 'pr-comment.yml', 'mutation.yml']));
  });

  it('runs only commands and flags that exist', () => {
    const seen: string[] = [];
    const problems = steps.flatMap(({ file, job, step }) =>
      step.run ? shellCommands(step.run).flatMap((w) => checkCommand(w, seen).map((p) => `${file} ${job} "${step.name ?? step.run}": ${p}`)) : [],
    );
    expect(problems).toEqual([]);
    // The checker saw what the workflows must run: it cannot pass by finding nothing.
    expect(new Set(seen)).toEqual(
      new Set([
        'npm ci',
        'npm run test',
        'npm run lint',
        'npm run test:mutation',
        'catalog validate',
        'catalog diff',
        'catalog build',
        'catalog site',
        'catalog stale',
        'catalog fmt',
        'catalog sources',
      ]),
    );
  });

  it('checks the source pages every week and opens an issue, or comments on the open one, only when a page broke, moved or changed', () => {
    const [, wf] = all.find(([f]) => f === 'sources.yml')!;
    expect(Object.keys(wf.on)).toEqual(expect.arrayContaining(['schedule', 'workflow_dispatch']));
    expect(wf.permissions).toEqual({ contents: 'read', issues: 'write' });
    const [check, issue] = Object.values(wf.jobs)
      .flatMap((j) => j.steps)
      .filter((s) => s.run?.includes('sources check') || s.run?.includes('gh issue'));
    // exit 1 (findings) sets the output; any other failure fails the job.
    expect(check.run).toMatch(/if \[ "\$code" -eq 1 \]; then echo "changed=true" >> "\$GITHUB_OUTPUT"; elif \[ "\$code" -ne 0 \]; then exit "\$code"; fi/);
    expect(issue.if).toBe(`steps.${check.id}.outputs.changed == 'true'`);
    expect(issue.run).toContain('gh issue create --title');
    expect(issue.run).toContain('gh issue comment "$open" --body-file sources-report.md');
  });

  const [, ci] = all.find(([f]) => f === 'catalog.yml')!;
  const ciSteps = Object.values(ci.jobs).flatMap((j) => j.steps);
  const runs = (re: RegExp) => ciSteps.filter((s) => s.run && re.test(s.run));

  it('runs on pull requests and pushes to main', () => {
    expect(Object.keys(ci.on)).toEqual(expect.arrayContaining(['pull_request', 'push']));
    expect((ci.on.push as { branches: string[] }).branches).toContain('main');
  });

  it('checks out the history, so that the merge base with the base branch is there', () => {
    const checkout = ciSteps.find((s) => s.uses?.startsWith('actions/checkout@'));
    expect(checkout?.with?.['fetch-depth']).toBe(0);
  });

  it('sets up Node 20 with the npm cache', () => {
    const node = ciSteps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(node?.with).toMatchObject({ 'node-version': 20, cache: 'npm' });
  });

  it('validates pull requests against their base branch in the github format', () => {
    const [step] = runs(/catalog validate .*--base/);
    expect(step.if).toContain("github.event_name == 'pull_request'");
    expect(step.run).toContain('--format github');
    expect(step.run).toContain('origin/$BASE_REF');
    expect(step.env?.BASE_REF).toBe('${{ github.base_ref }}');
  });

  it('writes the review summary to the step summary on pull requests', () => {
    const [step] = runs(/catalog diff/);
    expect(step.run).toMatch(/\$GITHUB_STEP_SUMMARY/);
    expect(step.if).toContain("github.event_name == 'pull_request'");
  });

  it('uploads the seed it builds, named with its version on main', () => {
    const [build] = runs(/catalog build/);
    const out = words(build.run!)[words(build.run!).indexOf('--out') + 1];
    const upload = ciSteps.find((s) => s.uses?.startsWith('actions/upload-artifact@') && s.with?.path === out);
    expect(upload).toBeDefined();
    expect(String(upload?.with?.name)).toMatch(/github\.event_name == 'push' && format\('seed-\{0\}', steps\.seed\.outputs\.version\)/);
    expect(runs(/meta\.version/)[0].id).toBe('seed');
  });

  it('builds the website and uploads it as an artifact, on pull requests too', () => {
    const [site] = runs(/catalog site/);
    expect(site.if).toBeUndefined();
    const out = words(site.run!)[words(site.run!).indexOf('--out') + 1];
    const upload = ciSteps.find((s) => s.uses?.startsWith('actions/upload-artifact@') && s.with?.path === out);
    expect(upload?.with?.['if-no-files-found']).toBe('error');
    expect(String(upload?.with?.name)).toContain('site-pr{0}');
  });

  it('runs the browser tests in CI, with a browser required', () => {
    const [test] = runs(/^npm test$/);
    expect(test.env).toMatchObject({ CATALOG_REQUIRE_BROWSER: '1' });
    expect(test.env?.CHROMIUM_PATH).toMatch(/^\//);
  });

  it('reports stale rails daily, in the step summary', () => {
    const [, stale] = all.find(([f]) => f === 'stale.yml')!;
    expect((stale.on.schedule as Array<{ cron: string }>)[0].cron).toMatch(/^\S+ \S+ \* \* \*$/);
    expect(stale.on).toHaveProperty('workflow_dispatch');
    const step = Object.values(stale.jobs)
      .flatMap((j) => j.steps)
      .find((s) => s.run?.includes('catalog stale'));
    expect(step?.run).toMatch(/--format markdown .*\$GITHUB_STEP_SUMMARY/);
  });
});

describe('the pull-request comment (pr-comment.yml), safe for forks', () => {
  const all = workflows();
  it('checks the source pages every week and opens an issue, or comments on the open one, only when a page broke, moved or changed', () => {
    const [, wf] = all.find(([f]) => f === 'sources.yml')!;
    expect(Object.keys(wf.on)).toEqual(expect.arrayContaining(['schedule', 'workflow_dispatch']));
    expect(wf.permissions).toEqual({ contents: 'read', issues: 'write' });
    const [check, issue] = Object.values(wf.jobs)
      .flatMap((j) => j.steps)
      .filter((s) => s.run?.includes('sources check') || s.run?.includes('gh issue'));
    // exit 1 (findings) sets the output; any other failure fails the job.
    expect(check.run).toMatch(/if \[ "\$code" -eq 1 \]; then echo "changed=true" >> "\$GITHUB_OUTPUT"; elif \[ "\$code" -ne 0 \]; then exit "\$code"; fi/);
    expect(issue.if).toBe(`steps.${check.id}.outputs.changed == 'true'`);
    expect(issue.run).toContain('gh issue create --title');
    expect(issue.run).toContain('gh issue comment "$open" --body-file sources-report.md');
  });

  const [, ci] = all.find(([f]) => f === 'catalog.yml')!;
  const [, comment] = all.find(([f]) => f === 'pr-comment.yml')!;
  const ciSteps = Object.values(ci.jobs).flatMap((j) => j.steps);
  const commentJobs = Object.values(comment.jobs);
  const commentSteps = commentJobs.flatMap((j) => j.steps);
  const script = String(commentSteps.find((s) => s.uses?.startsWith('actions/github-script@'))?.with?.script ?? '');

  it('runs after the catalog workflow (workflow_run), on pull requests only', () => {
    expect(comment.on).toEqual({ workflow_run: { workflows: [ci.name], types: ['completed'] } });
    for (const job of commentJobs) expect(job.if).toContain("github.event.workflow_run.event == 'pull_request'");
  });

  it('never checks out or runs code: no checkout, no shell step', () => {
    expect(commentSteps.filter((s) => s.uses?.startsWith('actions/checkout@'))).toEqual([]);
    expect(commentSteps.filter((s) => s.run !== undefined)).toEqual([]);
  });

  it('has a token that can write pull-request comments and read artifacts, nothing else', () => {
    expect(comment.permissions).toEqual({});
    for (const job of commentJobs) expect(job.permissions).toEqual({ actions: 'read', 'pull-requests': 'write' });
  });

  it('the workflow that runs the pull request has a read-only token and does not comment', () => {
    expect(ci.permissions).toEqual({ contents: 'read' });
    for (const job of Object.values(ci.jobs)) expect(job.permissions).toBeUndefined();
    expect(ciSteps.filter((s) => s.uses?.startsWith('actions/github-script@') || /\bgh (pr|issue|api)\b/.test(s.run ?? ''))).toEqual([]);
  });

  it('downloads the artifact the catalog workflow uploads, from that run, and reads the files it writes', () => {
    const upload = ciSteps.find((s) => s.uses?.startsWith('actions/upload-artifact@') && s.with?.name === 'review');
    expect(upload?.if).toContain("github.event_name == 'pull_request'");
    expect(upload?.if).toContain('!cancelled()');
    const download = commentSteps.find((s) => s.uses?.startsWith('actions/download-artifact@'));
    expect(download?.with).toMatchObject({ name: 'review', 'run-id': '${{ github.event.workflow_run.id }}' });
    const written = ciSteps.map((s) => s.run ?? '').join('\n');
    for (const file of [...script.matchAll(/read\('([^']+)'\)/g)].map((m) => m[1]))
      expect(written, `catalog.yml writes review/${file}`).toContain(`review/${file}`);
  });

  it('finds its comment by the hidden marker, and updates it instead of adding one', () => {
    expect(script).toContain("const MARKER = '<!-- payout-catalog-review -->'");
    expect(script).toMatch(/startsWith\(MARKER\)/);
    expect(script).toMatch(/updateComment/);
  });
});
