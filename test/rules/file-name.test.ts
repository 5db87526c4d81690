import { describe, expect, it } from 'vitest';
import { ASSET_USDC, COUNTRY_BR, problemsOf, RAIL_BR_PIX } from '../helpers/catalog.js';

describe('file-name', () => {
  it('accepts files named after their id or code', async () => {
    expect(await problemsOf({}, 'file-name')).toEqual([]);
  });

  it.each([
    { name: 'rail id differs', files: { 'rails/BR-pix.yaml': null, 'rails/BR-pix2.yaml': RAIL_BR_PIX }, file: 'rails/BR-pix2.yaml', pointer: '/id', line: 1 },
    {
      name: 'country code differs',
      files: { 'countries/BR.yaml': null, 'countries/br.yaml': COUNTRY_BR },
      file: 'countries/br.yaml',
      pointer: '/code',
      line: 1,
    },
    { name: 'asset id differs', files: { 'assets/usdc.yaml': null, 'assets/USDC.yaml': ASSET_USDC }, file: 'assets/USDC.yaml', pointer: '/id', line: 1 },
    { name: '.yml extension', files: { 'assets/eurc.yml': ASSET_USDC }, file: 'assets/eurc.yml', pointer: '', line: 1 },
    { name: 'unknown folder', files: { 'rail/BR-ted.yaml': RAIL_BR_PIX }, file: 'rail/BR-ted.yaml', pointer: '', line: 1 },
  ])('reports $name', async ({ files, file, pointer, line }) => {
    const problems = await problemsOf(files, 'file-name');
    expect(problems.map((p) => [p.file, p.pointer, p.line])).toEqual([[file, pointer, line]]);
  });
});
