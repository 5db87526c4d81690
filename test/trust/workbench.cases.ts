import type { HostileCase } from './hostile.js';

/** A skeleton from `catalog new` left half-filled must never pass: each TODO is one problem, at its value. */
export const cases: HostileCase[] = [
  {
    name: 'a country name left as the TODO placeholder',
    files: { 'countries/FR.yaml': 'code: FR\nname: TODO\ncurrency: EUR\nstatus: open\n' },
    expect: [{ rule: 'placeholder', file: 'countries/FR.yaml', line: 2, column: 7, message: /name is still TODO: fill in name/ }],
  },
  {
    name: 'a country status left as the TODO placeholder (the schema check says it, once)',
    files: { 'countries/FR.yaml': 'code: FR\nname: France\ncurrency: EUR\nstatus: TODO\n' },
    expect: [
      {
        rule: 'schema',
        file: 'countries/FR.yaml',
        line: 4,
        column: 9,
        message: /status is still TODO: fill in status: .*Write one of: open, coming, restricted/,
      },
    ],
  },
];
