import type { Catalog, Message } from './ids.js';

/** The English of a message (used for the messages a message quotes). */
function inEnglish(message: Message): string {
  return (en[message.id] as (p: Message['params']) => string)(message.params);
}

const both = (help?: { en?: string; fr?: string }): help is { en: string; fr: string } => typeof help?.en === 'string' && typeof help?.fr === 'string';

/** Every beneficiary message in English: the service's `message.en`, the SDK's, and the English page's form. */
export const en: Catalog = {
  'iban.country_letters': ({ example }) => `an IBAN starts with the two capital letters of its country code, then two check digits: write it like ${example}`,
  'iban.characters': ({ example }) => `an IBAN has only capital letters and digits, without spaces or separators: write it like ${example}`,
  'iban.unknown_country': ({ country, example }) => `unknown country ${country}: an IBAN starts with the ISO 3166 code of the account's country (${example})`,
  'iban.no_iban_country': ({ country }) => `unknown country ${country}: ${country} does not use IBANs; ask for the account details of that country instead`,
  'iban.length': ({ country, expected, length }) =>
    `wrong length for ${country} (expected ${expected}): an IBAN of ${country} has ${expected} characters, this one has ${length}; check for a missing or extra character`,
  'iban.check_digits_not_digits': ({ example }) => `characters 3 and 4 of an IBAN are its two check digits: write digits there (${example})`,
  'iban.bban_format': ({ start, country }) =>
    `the account part after ${start} does not have the format of ${country} IBANs (letters where digits are expected, or the reverse): copy the IBAN again from the bank statement`,
  'iban.checksum': ({ digits }) =>
    `bad checksum: the check digits ${digits} do not match the rest of the IBAN (mod 97), so a character is mistyped; copy the IBAN again from the bank statement`,
  'iban.national_checksum': ({ country }) =>
    `bad checksum: the national check digits of this ${country} account do not match its bank and account numbers; copy the IBAN again from the bank statement`,
  'iban.invalid': ({ example }) => `not a valid IBAN: write it like ${example}`,
  'email.invalid': () => 'not an e-mail address: write one address like name@example.com, without spaces, names or angle brackets',
  'phone.no_plus': ({ example }) => `not a phone number in international E.164 form: start with + and the country code (${example})`,
  'phone.not_digits': ({ example }) =>
    `not a phone number in international E.164 form: write digits only after the +, without spaces, dashes or brackets (${example})`,
  'phone.zero_country_code': ({ example }) =>
    `not a phone number in international E.164 form: the country code after + never starts with 0: drop the national trunk prefix (${example})`,
  'phone.digit_count': ({ example }) => `not a phone number in international E.164 form: an international number has 7 to 15 digits after the + (${example})`,
  'aba_routing.format': ({ length }) => `an ABA routing number has exactly 9 digits, without spaces or dashes (021000021); this value has ${length} characters`,
  'aba_routing.checksum': () =>
    'bad checksum: the ninth digit of this ABA routing number does not match the first eight, so a digit is mistyped; copy it again from a check or the bank',
  'clabe.format': ({ length }) => `a CLABE has exactly 18 digits, without spaces or dashes (002010077777777771); this value has ${length} characters`,
  'clabe.checksum': ({ expected }) =>
    `bad checksum: the last digit of this CLABE should be ${expected} for the 17 digits before it, so a digit is mistyped; copy it again from the bank statement`,
  'cpf.repeated': () => 'a CPF of one repeated digit is not issued: copy the 11 digits of the CPF again',
  'cpf.checksum': ({ expected }) =>
    `bad checksum: the last two digits of this CPF should be ${expected} for the 9 before them, so a digit is mistyped; copy the CPF again`,
  'cnpj.repeated': () => 'a CNPJ of one repeated character is not issued: copy the 14 characters of the CNPJ again',
  'cnpj.checksum': ({ expected }) =>
    `bad checksum: the last two digits of this CNPJ should be ${expected} for the 12 characters before them, so a character is mistyped; copy the CNPJ again`,
  'pix_key.invalid': ({ lowercaseCnpj }) =>
    `not a Pix key: write a CPF (11 digits), a CNPJ (14 characters without dots, slash or hyphen)${lowercaseCnpj ? ' (the letters of an alphanumeric CNPJ are capitals: 12ABC34501DE35)' : ''}, an e-mail address, a phone number (+5511987654321) or a random key (lowercase UUID)`,
  'pix_key.as_kind': ({ inner }) => inEnglish(inner),
  'curp.format': ({ length }) =>
    `a CURP has 18 characters: 4 letters, the birth date YYMMDD, 6 letters, then a letter or digit and a check digit (GODE561231HDFRRN00); this value has ${length} characters`,
  'curp.date': ({ date }) => `characters 5 to 10 of a CURP are the birth date YYMMDD, and ${date} is not a date: copy the CURP again`,
  'curp.checksum': ({ expected }) =>
    `bad checksum: the last digit of this CURP should be ${expected} for the 17 characters before it, so a character is mistyped; copy the CURP again`,
  'rfc.format': ({ length }) =>
    `an RFC has 13 characters for a person, 12 for a company: 4 (or 3) letters, the date YYMMDD, then 3 letters or digits (GODE561231GR8, or MAB9307148T4 for a company); this value has ${length} characters`,
  'rfc.date': ({ date }) => `the 6 digits after the letters of an RFC are a date YYMMDD, and ${date} is not a date: copy the RFC again`,
  'rfc.checksum': ({ expected, before }) =>
    `bad checksum: the last character of this RFC should be ${expected} for the ${before} before it, so a character is mistyped; copy the RFC again from the Constancia de Situación Fiscal`,
  'mx_tax_id.length': ({ length }) =>
    `write an RFC (13 characters for a person, 12 for a company: GODE561231GR8) or a CURP (18 characters: GODE561231HDFRRN00); this value has ${length} characters`,
  'mx_tax_id.as_kind': ({ inner }) => inEnglish(inner),
  'select.no_options': () => 'this select field has no options to choose from; the rail is misconfigured',
  'select.not_an_option': ({ options }) => `not one of the choices: write one of ${shownOptions(options, 'in all')}`,
  'field.missing': () => 'no such field: the rail is misconfigured',
  'field.unknown_type': ({ type }) => `this field has an unknown type ${JSON.stringify(type)}: the rail is misconfigured`,
  'value.unreadable': () => 'the values could not be read: send a JSON object of field name to text',
  'value.not_text': ({ kind, value }) =>
    kind === 'number'
      ? `must be a text, not a number: send it in quotes ("${value}"), since a number loses its leading zeros`
      : kind === 'boolean'
        ? `must be a text, not ${value}: send the value in quotes`
        : `must be a text, not ${kind === 'list' ? 'a list' : kind === 'object' ? 'an object' : `a ${value}`}: send one value in quotes`,
  'value.required': ({ label }) => `${label.en} is required: write a value`,
  'value.required_choice': ({ label, options }) => `${label.en} is required: choose one of ${shownOptions(options, 'in all')}`,
  'value.required_blank': ({ label }) => `${label.en} is required: write a value, not an empty text`,
  'value.too_long': ({ limit, normalize, length }) =>
    `too long: at most ${limit} characters${normalize ? ` after normalization (${normalize})` : ''}, this value has ${length}; remove the extra characters`,
  'value.pattern_broken': ({ reason }) => `this field's pattern does not compile (${reason}), so no value can be accepted: the rail is misconfigured`,
  'value.pattern': ({ pattern, help }) => `not in the expected format${both(help) ? `: ${help.en}` : ''} (the value must match ${pattern})`,
  'value.with_choice': ({ choice, inner, help }) => `with ${choice.en}: ${inEnglish(inner)}${both(help) ? `; ${help.en}` : ''}`,
  'value.not_applicable': ({ label, choice, controller }) => `${label.en} does not apply with ${choice.en}: leave it empty, or choose another ${controller.en}`,
  'value.unknown_field': ({ shown, known, suggestion }) =>
    `unknown field ${shown}: this rail takes ${known.length ? known.join(', ') : 'no fields'}${suggestion === undefined ? '' : `; did you mean ${JSON.stringify(suggestion)}?`}`,
};

/** The first 20 options, quoted, and how many there are in all when there are more ("in all", "en tout"). */
export function shownOptions(options: string[], inAll: string): string {
  const first = options
    .slice(0, 20)
    .map((v) => JSON.stringify(v))
    .join(', ');
  return first + (options.length > 20 ? `, … (${options.length} ${inAll})` : '');
}
