/**
 * The script of .github/workflows/pr-comment.yml, run as actions/github-script runs it (an async function of github,
 * context, core, require), against a fake GitHub API and review artifacts made by the real CLI.
 */
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAIL_BR_PIX, setLine, VALID, writeCatalog } from '../helpers/catalog.js';
import { cleanup, cli, tempDir } from '../git/repo.js';

const MARKER = '<!-- payout-catalog-review -->';
const root = path.resolve(__dirname, '../..');
const workflow = parse(readFileSync(path.join(root, '.github/workflows/pr-comment.yml'), 'utf8'));
const step = Object.values(workflow.jobs as Record<string, { steps: Array<{ uses?: string; with?: { script: string }; env?: Record<string, string> }> }>)
  .flatMap((j) => j.steps)
  .find((s) => s.uses?.startsWith('actions/github-script@'))!;
const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
const script = new AsyncFunction('github', 'context', 'core', 'require', step.with!.script);

interface Comment {
  id: number;
  body: string;
  user: { login: string };
}

/** A fake of the REST calls the script makes: one repository, pull requests by number, comments by pull request. */
function fakeGitHub(pulls: Record<number, string>, comments: Record<number, Comment[]> = {}) {
  const calls: string[] = [];
  let nextId = 100;
  const rest = {
    pulls: {
      get: async ({ pull_number }: { pull_number: number }) => {
        calls.push(`pulls.get ${pull_number}`);
        if (!(pull_number in pulls)) throw Object.assign(new Error('Not Found'), { status: 404 });
        return { data: { number: pull_number, head: { sha: pulls[pull_number] } } };
      },
    },
    issues: {
      listComments: async ({ issue_number }: { issue_number: number }) => ({ data: comments[issue_number] ?? [] }),
      createComment: async ({ issue_number, body }: { issue_number: number; body: string }) => {
        calls.push(`create ${issue_number}`);
        (comments[issue_number] ??= []).push({ id: nextId++, body, user: { login: 'github-actions[bot]' } });
      },
      updateComment: async ({ comment_id, body }: { comment_id: number; body: string }) => {
        calls.push(`update ${comment_id}`);
        for (const list of Object.values(comments)) for (const c of list) if (c.id === comment_id) c.body = body;
      },
    },
  };
  const github = {
    rest,
    paginate: async (fn: (o: unknown) => Promise<{ data: unknown[] }>, options: unknown) => (await fn(options)).data,
  };
  return { github, calls, comments };
}

function fakeCore() {
  const log: string[] = [];
  return {
    log,
    core: { info: (m: string) => log.push(`info ${m}`), notice: (m: string) => log.push(`notice ${m}`), setFailed: (m: string) => log.push(`failed ${m}`) },
  };
}

const HEAD = 'a'.repeat(40);
const context = {
  repo: { owner: 'acme', repo: 'catalog' },
  payload: { workflow_run: { head_sha: HEAD, run_number: 7, html_url: 'https://github.com/acme/catalog/actions/runs/1' } },
};

async function artifact(files: Record<string, string>): Promise<string> {
  const dir = await tempDir('review-');
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return dir;
}

async function runScript(dir: string, github: unknown) {
  const { core, log } = fakeCore();
  process.env.REVIEW_DIR = dir;
  await script(github, context, core, createRequire(import.meta.url));
  return log;
}

let problems = '';
beforeAll(async () => {
  // The problems table as the catalog workflow makes it, from a catalog whose rail name pings and holds the marker.
  const dir = await writeCatalog({ ...VALID, 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'currency', `currency: "BRX @octocat ${MARKER}"`) });
  problems = (await cli(['validate', '--dir', '.', '--format', 'markdown'], dir)).stdout;
});
afterAll(cleanup);

describe('pr-comment.yml', () => {
  it('creates one comment holding the status, the problems and the review summary, with the marker first', async () => {
    const dir = await artifact({
      'pr-number': '12\n',
      'problems.md': problems,
      'diff.md': `## Catalog changes\n\n${MARKER}\nping @payments\n`,
      'validate-exit': '1\n',
    });
    const { github, calls, comments } = fakeGitHub({ 12: HEAD });
    await runScript(dir, github);
    expect(calls).toEqual(['pulls.get 12', 'create 12']);
    const body = comments[12][0].body;
    expect(body.startsWith(`${MARKER}\n# Catalog review\n`)).toBe(true);
    expect(body.split(MARKER)).toHaveLength(2); // the marker written in the artifact is gone
    expect(body).toContain('@\u200bpayments');
    expect(body).toContain('❌ The catalog has problems');
    expect(body).toContain('## Problems');
    expect(body).toContain('`rails/BR-pix.yaml:5:11`');
    expect(body).toContain('## Catalog changes');
    expect(body).not.toMatch(/@[A-Za-z]/); // no mention, neither from the tool's Markdown nor from the catalog
  });

  it('updates its own comment on the next push instead of adding one, and leaves other comments alone', async () => {
    const others: Comment[] = [
      { id: 1, body: `${MARKER}\nquoted by a person`, user: { login: 'mallory' } },
      { id: 2, body: `${MARKER}\nold review`, user: { login: 'github-actions[bot]' } },
    ];
    const { github, calls, comments } = fakeGitHub({ 12: HEAD }, { 12: others });
    await runScript(await artifact({ 'pr-number': '12', 'problems.md': '## Problems\n\n✅ No problem in 3 files checked.\n', 'diff.md': 'summary\n' }), github);
    expect(calls).toEqual(['pulls.get 12', 'update 2']);
    expect(comments[12].map((c) => c.id)).toEqual([1, 2]);
    expect(comments[12][0].body).toBe(`${MARKER}\nquoted by a person`);
    expect(comments[12][1].body).toContain('✅ The catalog validates.');
  });

  it("refuses a pull-request number whose head is not the run's commit (a pull request naming another one)", async () => {
    const { github, calls } = fakeGitHub({ 12: HEAD, 13: 'b'.repeat(40) });
    const log = await runScript(await artifact({ 'pr-number': '13', 'diff.md': 'x' }), github);
    expect(calls).toEqual(['pulls.get 13']);
    expect(log.join('\n')).toMatch(/notice pull request #13 is at b{40}, not at a{40}/);
  });

  it.each([
    ['not a number', 'twelve'],
    ['a path', '../12'],
    ['empty', ''],
    ['two numbers', '12\n13'],
  ])('refuses a pull-request number that is %s, before any call', async (_name, text) => {
    const { github, calls } = fakeGitHub({ 12: HEAD });
    const log = await runScript(await artifact({ 'pr-number': text }), github);
    expect(calls).toEqual([]);
    expect(log).toEqual(['failed the review artifact names no pull request: nothing to comment on']);
  });

  it('says when validation could not run, with its message in a fence the message cannot close', async () => {
    const { github, comments } = fakeGitHub({ 12: HEAD });
    await runScript(
      await artifact({ 'pr-number': '12', 'validate-exit': '2', 'validate-stderr.txt': 'catalog validate: the base ref is missing\n```\n@all <img src=x>\n' }),
      github,
    );
    const body = comments[12][0].body;
    expect(body).toContain('⚠️ Validation could not run (exit 2):\n\n````text\n');
    expect(body).toContain('@\u200ball');
  });

  it("stays under GitHub's 65,536 characters, cut at a line with a note", async () => {
    const { github, comments } = fakeGitHub({ 12: HEAD });
    await runScript(await artifact({ 'pr-number': '12', 'diff.md': '| row |\n'.repeat(20000) }), github);
    const body = comments[12][0].body;
    expect(body.length).toBeLessThanOrEqual(65536);
    expect(body).toMatch(/\| row \|\n\n\n_… cut to fit a comment \(65536 characters\)/);
  });
});
