import { RAIL_BR_PIX } from '../helpers/catalog.js';
import type { HostileCase } from './hostile.js';

/**
 * Texts at the edge of the fast YAML path (src/parse/fast-yaml.ts): each must be handed to the full path, or read
 * exactly as it reads them, so that the problem (or its absence) is the same whichever path read the file.
 */
const R = 'rails/BR-pix.yaml';
const rail = (from: string | RegExp, to: string) => RAIL_BR_PIX.replace(from, to);

export const cases: HostileCase[] = [
  {
    name: 'a plain pattern cut short by " #" (the fast path must not read it as a shorter pattern)',
    files: { [R]: rail('pattern: ^[A-Za-z0-9@.+_-]{1,77}$', 'pattern: ^[A-Za-z0-9@.+_-]{1,77} #x$') },
    expect: [{ rule: 'yaml-syntax', file: R, line: 24, message: /quote the pattern/ }],
    only: false,
  },
  {
    name: 'a duplicate key inside a one-line flow mapping',
    files: { [R]: rail('label: { fr: Clé Pix, en: Pix key }', 'label: { fr: Clé Pix, fr: Pix key }') },
    expect: [{ rule: 'yaml-syntax', file: R, line: 21, message: /duplicate key "fr"/ }],
    only: false,
  },
  {
    name: 'fields as a sequence not indented under its key (valid YAML the fast path hands over): no problem',
    files: { [R]: RAIL_BR_PIX.replace(/^ {2}(- | {2})/gm, '$1') },
    expect: [],
  },
];
