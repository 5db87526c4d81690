/**
 * Both languages say every parameter of a message: rendered from one parameter set per id, each value the English
 * text shows appears in the French one too (a label, a choice or a help in each language's own words, a quoted
 * message in that language), and a flag that changes the English changes the French. A French text that drops
 * {expected} or {length} fails here.
 */
import { describe, expect, it } from 'vitest';
import { render, say, type Message } from '../../src/beneficiary/messages/index.js';
import type { MessageParams } from '../../src/beneficiary/messages/ids.js';

const EXAMPLE = 'DE89370400440532013000';
const LABEL = { en: 'Account holder', fr: 'Titulaire du compte' };
const CHOICE = { en: 'Transfer mode Mobile number', fr: 'Mode de virement Numéro de mobile' };

/** One parameter set per id, with values no fixed text holds: a new id without a row does not compile. */
const PARAMETERS: { [K in keyof MessageParams]: MessageParams[K] } = {
  'iban.country_letters': { example: EXAMPLE },
  'iban.characters': { example: EXAMPLE },
  'iban.unknown_country': { country: 'QX', example: EXAMPLE },
  'iban.no_iban_country': { country: 'QZ' },
  'iban.length': { country: 'QX', expected: 29, length: 31 },
  'iban.check_digits_not_digits': { example: EXAMPLE },
  'iban.bban_format': { start: 'QX58', country: 'QX' },
  'iban.checksum': { digits: '58' },
  'iban.national_checksum': { country: 'QX' },
  'iban.invalid': { example: EXAMPLE },
  'email.invalid': {},
  'phone.no_plus': { example: '+33612345678' },
  'phone.not_digits': { example: '+33612345678' },
  'phone.zero_country_code': { example: '+33612345678' },
  'phone.digit_count': { example: '+33612345678' },
  'aba_routing.format': { length: 12 },
  'aba_routing.checksum': {},
  'clabe.format': { length: 16 },
  'clabe.checksum': { expected: 4 },
  'cpf.repeated': {},
  'cpf.checksum': { expected: '35' },
  'cnpj.repeated': {},
  'cnpj.checksum': { expected: '48' },
  'pix_key.invalid': { lowercaseCnpj: true },
  'pix_key.as_kind': { inner: say('phone.not_digits', { example: '+5521999998888' }) },
  'curp.format': { length: 17 },
  'curp.date': { date: '991332' },
  'curp.checksum': { expected: 3 },
  'rfc.format': { length: 11 },
  'rfc.date': { date: '561340' },
  'rfc.checksum': { expected: 'Q', before: 12 },
  'mx_tax_id.length': { length: 15 },
  'mx_tax_id.as_kind': { inner: say('rfc.date', { date: '771399' }) },
  'select.no_options': {},
  'select.not_an_option': { options: ['CHECKING', 'SAVINGS'] },
  'field.missing': {},
  'field.unknown_type': { type: 'bic_code' },
  'value.unreadable': {},
  'value.not_text': { kind: 'boolean', value: 'true' },
  'value.required': { label: LABEL },
  'value.required_blank': { label: LABEL },
  'value.required_choice': { label: LABEL, options: ['CHECKING', 'SAVINGS'] },
  'value.too_long': { limit: 34, normalize: 'upper_remove_spaces', length: 41 },
  'value.pattern_broken': { reason: 'Invalid escape' },
  'value.pattern': { pattern: '^[0-9]{6}$', help: { en: 'Six digits of the BSB', fr: 'Six chiffres du BSB' } },
  'value.with_choice': {
    choice: CHOICE,
    inner: say('value.too_long', { limit: 10, length: 19 }),
    help: { en: 'Ten digits of the mobile number', fr: 'Dix chiffres du numéro de mobile' },
  },
  'value.not_applicable': { label: LABEL, choice: CHOICE, controller: { en: 'Transfer mode', fr: 'Mode de virement' } },
  'value.unknown_field': { shown: '"ibna"', known: ['iban', 'holder'], suggestion: 'iban' },
};

type Shown = { en: string; fr: string } | { flag: boolean };

const isMessage = (value: object): value is Message => 'id' in value && 'params' in value;

/** What a parameter value looks like in each language's text (a flag shows only by what it changes). */
function shownOf(value: unknown): Shown[] {
  if (typeof value === 'boolean') return [{ flag: value }];
  if (Array.isArray(value)) return value.flatMap(shownOf);
  if (typeof value === 'object' && value !== null) {
    if (isMessage(value)) return [{ en: render('en', value), fr: render('fr', value) }];
    const words = value as { en?: string; fr?: string };
    return typeof words.en === 'string' && typeof words.fr === 'string' ? [{ en: words.en, fr: words.fr }] : [];
  }
  return [{ en: String(value), fr: String(value) }];
}

const rows = Object.entries(PARAMETERS).map(([id, params]) => [id, say(id as keyof MessageParams, params as never)] as const);

describe('the French catalog says every parameter the English one says', () => {
  it.each(rows)('%s', (_id, message) => {
    const en = render('en', message);
    const fr = render('fr', message);
    for (const [name, value] of Object.entries(message.params)) {
      for (const shown of shownOf(value)) {
        if ('flag' in shown) {
          const flipped = { ...message, params: { ...message.params, [name]: !shown.flag } } as Message;
          if (render('en', flipped) !== en) expect(render('fr', flipped), `{${name}} changes the English, not the French`).not.toBe(fr);
        } else if (en.includes(shown.en)) expect(fr, `{${name}} ${JSON.stringify(shown.en)} is in the English`).toContain(shown.fr);
      }
    }
  });
});
