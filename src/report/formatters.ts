import github from './github.js';
import json from './json.js';
import markdown from './markdown.js';
import stylish from './stylish.js';
import type { Formatter } from './types.js';

/** The output formats of `catalog validate`; a format without a formatter does not compile. */
export const FORMATS = ['stylish', 'json', 'github', 'markdown'] as const;
export type FormatName = (typeof FORMATS)[number];

export const formatters: Record<FormatName, Formatter> = { stylish, json, github, markdown };
export type { Formatter } from './types.js';
