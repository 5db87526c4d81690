import { describe, expect, it } from 'vitest';
import { catalogs, render, say, type Message } from '../../src/beneficiary/messages/index.js';
import { checkBeneficiary } from '../../src/beneficiary/check.js';
import type { SeedField } from '../../src/generated/types.js';

describe('the message catalogs', () => {
  it('give every language the same ids', () => {
    expect(Object.keys(catalogs.fr).sort()).toEqual(Object.keys(catalogs.en).sort());
  });

  it.each([
    [say('clabe.checksum', { expected: 7 }), /should be 7/, /^clé de contrôle incorrecte : le dernier chiffre de cette CLABE devrait être 7 /],
    [say('value.required', { label: { en: 'IBAN', fr: 'IBAN du compte' } }), /^IBAN is required/, /^IBAN du compte est obligatoire/],
    [say('pix_key.as_kind', { inner: say('email.invalid', {}) }), /^not an e-mail address/, /^ce n'est pas une adresse e-mail/],
    [say('select.not_an_option', { options: ['a', 'b'] }), /write one of "a", "b"$/, /l'une des valeurs "a", "b"$/],
  ] as Array<[Message, RegExp, RegExp]>)('render %j in each language from its parameters', (message, en, fr) => {
    expect(render('en', message)).toMatch(en);
    expect(render('fr', message)).toMatch(fr);
  });

  it('give the French of the check from the id the validator said, not from its English words', () => {
    const fields = [{ name: 'routing', type: 'aba_routing', required: true, label: { en: 'Routing', fr: 'Routage' } }] as unknown as SeedField[];
    const [error] = checkBeneficiary({ fields }, { routing: 12 }).errors;
    expect(error.message.fr).toBe('doit être un texte, pas un nombre : envoyez-le entre guillemets ("12"), car un nombre perd ses zéros initiaux');
    const [checksum] = checkBeneficiary({ fields }, { routing: '021000022' }).errors;
    expect(checksum.message).toEqual({ en: render('en', say('aba_routing.checksum', {})), fr: render('fr', say('aba_routing.checksum', {})) });
  });
});
