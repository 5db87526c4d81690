import type { HostileCase } from './hostile.js';

/** Rows that already hold on main: they show the format. */
export const cases: HostileCase[] = [
  {
    name: 'a key written twice',
    files: { 'countries/FR.yaml': 'code: FR\nname: France\ncode: FR\ncurrency: EUR\nstatus: open\n' },
    expect: [{ rule: 'yaml-syntax', file: 'countries/FR.yaml', line: 3, column: 1, message: /duplicate key/ }],
  },
];
