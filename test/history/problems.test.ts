import { describe, expect, it } from 'vitest';
import { problemsOf, RAIL_BR_PIX, setLine, VALID, wholeBase } from '../helpers/catalog.js';

/** The history checks inside a whole run: every rule, with a base revision. */
describe('the history checks of a run with every rule', () => {
  it('run the history check of each rule that has one; a rule without one is not a crash', async () => {
    // problemsOf throws when a rule crashed: every rule runs here, most of them without a history check.
    const problems = await problemsOf({ 'rails/BR-pix.yaml': null }, undefined, { base: wholeBase(VALID) });
    expect(problems.map((p) => `${p.rule} ${p.file}`)).toContain('removed-entry rails/BR-pix.yaml');
  });

  it('judge a changed entry that the schema refuses, outside the parts it refused', async () => {
    const changed = setLine(setLine(RAIL_BR_PIX, 'fixedMinor', 'fixedMinor: 99'), 'kind', 'kind: teleport');
    const problems = await problemsOf({ 'rails/BR-pix.yaml': changed }, 'unverified-change', { base: wholeBase(VALID) });
    expect(problems.map((p) => `${p.file} ${p.pointer}`)).toEqual(['rails/BR-pix.yaml /verifiedAt']);
  });
});
