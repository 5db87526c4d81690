import { parseTokens } from './yaml-lazy.js';

/** A tag or directive problem: offsets into the file's text. */
interface TagIssue {
  messageId: 'explicit-tag' | 'second-yaml-directive';
  message: string;
  start: number;
  end: number;
}

/**
 * What an explicit tag is told: a tag changes what a value is (`!!timestamp` a date, `!!binary` bytes, `!!set` a set,
 * `!!str` text), whatever the quotes, and a catalog file holds plain values only, so the only fix is to remove it.
 */
export function tagMessage(tag: string): string {
  return `${tag} is a YAML tag, which changes what the value is read as; catalog files hold plain text, numbers, true/false and lists: remove ${tag} and write the value alone (in quotes when it must stay text)`;
}

const SECOND_YAML = 'a second %YAML line: a document takes one %YAML directive at most, and a catalog file needs none: remove the line';

/**
 * Every explicit tag of a text (`!!str`, `!foo`, `!<tag:…>`, a lone `!`), one problem at each, and each %YAML directive
 * after the first before the same document. Read from yaml's syntax tree, which keeps a tag as it is written and where;
 * only a text holding `!` or `%` is read again (the fast path never takes one).
 */
export function tagIssues(text: string): TagIssue[] {
  if (!text.includes('!') && !text.includes('%')) return [];
  const issues: TagIssue[] = [];
  let yamlDirectives = 0;
  for (const token of parseTokens(text)) {
    if (token.type === 'directive') {
      if (/^%YAML(\s|$)/.test(token.source) && ++yamlDirectives > 1)
        issues.push({ messageId: 'second-yaml-directive', message: SECOND_YAML, start: token.offset, end: token.offset + token.source.length });
      continue;
    }
    if (token.type === 'document') yamlDirectives = 0;
    collectTags(token, issues);
  }
  return issues.sort((a, b) => a.start - b.start);
}

/** The tag tokens anywhere under a token (props, keys, values, flow items), iteratively: nesting is not bounded here. */
function collectTags(root: unknown, issues: TagIssue[]): void {
  const stack: unknown[] = [root];
  while (stack.length) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    if (!node || typeof node !== 'object') continue;
    const token = node as { type?: string; offset?: number; source?: unknown };
    if (token.type === 'tag' && typeof token.source === 'string' && typeof token.offset === 'number') {
      issues.push({ messageId: 'explicit-tag', message: tagMessage(token.source), start: token.offset, end: token.offset + token.source.length });
      continue;
    }
    for (const value of Object.values(node)) if (value && typeof value === 'object') stack.push(value);
  }
}
