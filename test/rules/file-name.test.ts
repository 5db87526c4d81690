import { describe, expect, it } from 'vitest';
import { ASSET_USDC, COUNTRY_BR, problemsOf, RAIL_BR_PIX } from '../helpers/catalog.js';

describe('file-name', () => {
  it('accepts files named after their id or code', async () => {
    expect(await problemsOf({}, 'file-name')).toEqual([]);
  });

  it.each([
    {
      name: 'rail id differs',
      files: { 'rails/BR-pix.yaml': null, 'rails/BR-pix2.yaml': RAIL_BR_PIX },
      file: 'rails/BR-pix2.yaml',
      pointer: '/id',
      line: 1,
      message: 'the file is named BR-pix2.yaml but its id is "BR-pix": rename the file to BR-pix.yaml, or set id: BR-pix2',
    },
    {
      name: 'country code differs',
      files: { 'countries/BR.yaml': null, 'countries/br.yaml': COUNTRY_BR },
      file: 'countries/br.yaml',
      pointer: '/code',
      line: 1,
      message: 'the file is named br.yaml but its code is "BR": rename the file to BR.yaml, or set code: br',
    },
    {
      name: 'asset id differs',
      files: { 'assets/usdc.yaml': null, 'assets/USDC.yaml': ASSET_USDC },
      file: 'assets/USDC.yaml',
      pointer: '/id',
      line: 1,
      message: 'the file is named USDC.yaml but its id is "usdc": rename the file to usdc.yaml, or set id: USDC',
    },
    { name: '.yml extension', files: { 'assets/eurc.yml': ASSET_USDC }, file: 'assets/eurc.yml', pointer: '', line: 1 },
    { name: 'unknown folder', files: { 'rail/BR-ted.yaml': RAIL_BR_PIX }, file: 'rail/BR-ted.yaml', pointer: '', line: 1 },
  ])('reports $name', async ({ files, file, pointer, line, message }) => {
    const problems = await problemsOf(files, 'file-name');
    expect(problems.map((p) => [p.file, p.pointer, p.line])).toEqual([[file, pointer, line]]);
    if (message) expect(problems.map((p) => [p.severity, p.message])).toEqual([['error', message]]);
  });

  it.each([
    { name: 'an empty id', text: RAIL_BR_PIX.replace('id: BR-pix', 'id: ""') },
    { name: 'a numeric id', text: RAIL_BR_PIX.replace('id: BR-pix', 'id: 12') },
    { name: 'no id', text: RAIL_BR_PIX.replace('id: BR-pix\n', '') },
  ])('leaves $name to the schema', async ({ text }) => {
    expect(await problemsOf({ 'rails/BR-pix.yaml': text }, 'file-name')).toEqual([]);
  });
});
