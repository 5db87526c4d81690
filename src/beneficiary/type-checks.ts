import { getCountrySpecifications, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import type { RailField, SeedField } from '../generated/types.js';
import { render, say, type Message } from './messages/index.js';

/** A field `type` of the rail schema (text, select, iban, ...). */
export type FieldType = RailField['type'];

/** Why a value fails its type's own check: a malformed value (`type`), a wrong check digit (`checksum`), or not a choice (`option`). */
interface TypeProblem {
  code: 'type' | 'checksum' | 'option';
  /** The message, by id and parameters: says what to write instead in each language of the catalog. */
  said: Message;
}

/** A type's problem as the checks give it: the code and the English message (the catalog's). */
export interface SaidTypeProblem {
  code: TypeProblem['code'];
  /** English, says what to write instead. */
  message: string;
}

// The message of each problem by id and parameters, kept beside the problem so that its published shape stays.
const saidOf = new WeakMap<SaidTypeProblem, Message>();

/** A type problem's message as id and parameters, to render in any language of the catalog. */
export function problemSaid(problem: SaidTypeProblem): Message | undefined {
  return saidOf.get(problem);
}

/** The own check of a field type, on the normalized value; undefined when the value passes. */
export type TypeCheck = (value: string, field: Pick<SeedField, 'options'>) => SaidTypeProblem | undefined;

/** A type's check whose problem also carries its English message. */
function inEnglish(check: (value: string, field: Pick<SeedField, 'options'>) => TypeProblem | undefined): TypeCheck {
  return (value, field) => {
    const problem = check(value, field);
    if (!problem) return undefined;
    const said: SaidTypeProblem = { code: problem.code, message: render('en', problem.said) };
    saidOf.set(said, problem.said);
    return said;
  };
}

const IBAN_COUNTRIES = getCountrySpecifications();

/** An IBAN: known country, its length, its national format, the mod-97 check digits and national check digits (ibantools). */
function checkIban(value: string): TypeProblem | undefined {
  const example = 'FR7630006000011234567890189';
  if (!/^[A-Z]{2}/.test(value)) return { code: 'type', said: say('iban.country_letters', { example }) };
  if (!/^[A-Z0-9]+$/.test(value)) return { code: 'type', said: say('iban.characters', { example }) };
  const country = value.slice(0, 2);
  const spec = Object.hasOwn(IBAN_COUNTRIES, country) ? IBAN_COUNTRIES[country] : undefined;
  if (!spec) return { code: 'type', said: say('iban.unknown_country', { country, example }) };
  if (!spec.chars) return { code: 'type', said: say('iban.no_iban_country', { country }) };
  if (value.length !== spec.chars)
    return {
      code: 'type',
      said: say('iban.length', { country, expected: spec.chars, length: value.length }),
    };
  const errors = validateIBAN(value).errorCodes;
  if (errors.includes(ValidationErrorsIBAN.ChecksumNotNumber)) return { code: 'type', said: say('iban.check_digits_not_digits', { example }) };
  if (errors.includes(ValidationErrorsIBAN.WrongBBANFormat))
    return {
      code: 'type',
      said: say('iban.bban_format', { start: value.slice(0, 4), country }),
    };
  if (errors.includes(ValidationErrorsIBAN.WrongIBANChecksum))
    return {
      code: 'checksum',
      said: say('iban.checksum', { digits: value.slice(2, 4) }),
    };
  if (errors.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum))
    return {
      code: 'checksum',
      said: say('iban.national_checksum', { country }),
    };
  if (errors.length) return { code: 'type', said: say('iban.invalid', { example }) };
  return undefined;
}

// ajv-formats' "email" format (full mode): no catastrophic backtracking (labels end with a dot, parts are disjoint).
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** An e-mail address: ASCII local part and domain (RFC 5321 limits: 64 before the @, 254 in all). */
function checkEmail(value: string): TypeProblem | undefined {
  const at = value.lastIndexOf('@');
  if (value.length > 254 || at > 64 || !EMAIL.test(value)) return { code: 'type', said: say('email.invalid', {}) };
  return undefined;
}

/** A phone number in E.164 form: + then 7 to 15 digits, the first (country code) not 0. */
function checkPhone(value: string): TypeProblem | undefined {
  if (/^\+[1-9][0-9]{6,14}$/.test(value)) return undefined;
  const example = '+254712345678';
  const id = !value.startsWith('+')
    ? 'phone.no_plus'
    : /[^+0-9]/.test(value)
      ? 'phone.not_digits'
      : value[1] === '0'
        ? 'phone.zero_country_code'
        : 'phone.digit_count';
  return { code: 'type', said: say(id, { example }) };
}

/** Sum of digit × weight mod 10 over `digits` with the weights repeated. */
function weightedSum(digits: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += (digits.charCodeAt(i) - 48) * weights[i % weights.length];
  return sum;
}

const WEIGHTS_371 = [3, 7, 1];

/** A US ABA routing number: 9 digits with 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
function checkAbaRouting(value: string): TypeProblem | undefined {
  if (!/^[0-9]{9}$/.test(value))
    return {
      code: 'type',
      said: say('aba_routing.format', { length: value.length }),
    };
  if (weightedSum(value, WEIGHTS_371) % 10 !== 0)
    return {
      code: 'checksum',
      said: say('aba_routing.checksum', {}),
    };
  return undefined;
}

/** The check digit of a CLABE: weights 3, 7, 1 on the first 17 digits, (10 − Σ (dᵢ·wᵢ mod 10) mod 10) mod 10. */
export function clabeCheckDigit(first17: string): number {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += ((first17.charCodeAt(i) - 48) * WEIGHTS_371[i % 3]) % 10;
  return (10 - (sum % 10)) % 10;
}

/** A Mexican CLABE: 18 digits, the last one a check digit over the first 17. */
function checkClabe(value: string): TypeProblem | undefined {
  if (!/^[0-9]{18}$/.test(value)) return { code: 'type', said: say('clabe.format', { length: value.length }) };
  const expected = clabeCheckDigit(value);
  if (value.charCodeAt(17) - 48 !== expected)
    return {
      code: 'checksum',
      said: say('clabe.checksum', { expected }),
    };
  return undefined;
}

/** A mod-11 check digit as Brazil's CPF and CNPJ compute it: Σ value·weight, remainder r, digit 0 when r < 2, else 11 − r. */
function mod11Digit(chars: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < chars.length; i++) sum += (chars.charCodeAt(i) - 48) * weights[i];
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

const CPF_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** The two check digits of a CPF from its first 9 digits. */
export function cpfCheckDigits(first9: string): string {
  const d1 = mod11Digit(first9, CPF_WEIGHTS.slice(1));
  return `${d1}${mod11Digit(first9 + d1, CPF_WEIGHTS)}`;
}

/**
 * The two check digits of a CNPJ from its first 12 characters, numeric or alphanumeric (Receita Federal, in use from
 * July 2026): each character counts as its ASCII code minus 48 (0-9 as themselves, A as 17 ... Z as 42).
 */
export function cnpjCheckDigits(first12: string): string {
  const d1 = mod11Digit(first12, CNPJ_WEIGHTS.slice(1));
  return `${d1}${mod11Digit(first12 + d1, CNPJ_WEIGHTS)}`;
}

/** A CPF: 11 digits, not all the same, with its two check digits. */
function checkCpf(value: string): TypeProblem | undefined {
  if (/^(.)\1{10}$/.test(value)) return { code: 'type', said: say('cpf.repeated', {}) };
  const expected = cpfCheckDigits(value.slice(0, 9));
  if (value.slice(9) !== expected)
    return {
      code: 'checksum',
      said: say('cpf.checksum', { expected }),
    };
  return undefined;
}

/** A CNPJ: 12 characters 0-9 or A-Z (uppercase), not all the same, then its two check digits. */
function checkCnpj(value: string): TypeProblem | undefined {
  if (/^(.)\1{13}$/.test(value)) return { code: 'type', said: say('cnpj.repeated', {}) };
  const expected = cnpjCheckDigits(value.slice(0, 12));
  if (value.slice(12) !== expected)
    return {
      code: 'checksum',
      said: say('cnpj.checksum', { expected }),
    };
  return undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A Pix key of any of the five kinds: CPF (11 digits) and CNPJ (14 characters, numeric or alphanumeric) with their
 * check digits, an e-mail address, a phone number in E.164 form, or a random key (lowercase UUID).
 */
function checkPixKey(value: string): TypeProblem | undefined {
  if (/^[0-9]{11}$/.test(value)) return asKind(checkCpf(value), 'pix_key.as_kind');
  if (/^[0-9A-Z]{12}[0-9]{2}$/.test(value)) return asKind(checkCnpj(value), 'pix_key.as_kind');
  if (value.includes('@')) return asKind(checkEmail(value), 'pix_key.as_kind');
  if (value.startsWith('+')) return asKind(checkPhone(value), 'pix_key.as_kind');
  if (UUID.test(value)) return undefined;
  return { code: 'type', said: say('pix_key.invalid', { lowercaseCnpj: /^[0-9a-zA-Z]{12}[0-9]{2}$/.test(value) }) };
}

/**
 * A malformed value of one kind of a type that takes several (a Pix key, a Mexican tax id) is said as that kind's
 * message within the type's: French names the type; a wrong check digit stays the kind's own.
 */
function asKind(problem: TypeProblem | undefined, id: 'pix_key.as_kind' | 'mx_tax_id.as_kind'): TypeProblem | undefined {
  if (!problem || problem.code === 'checksum') return problem;
  return { code: problem.code, said: say(id, { inner: problem.said }) };
}

/** Whether YYMMDD is a real calendar date in `century` (1900 or 2000), or in either when the century is not known. */
function isDate(yymmdd: string, century?: number): boolean {
  const [yy, mm, dd] = [yymmdd.slice(0, 2), yymmdd.slice(2, 4), yymmdd.slice(4, 6)].map(Number);
  const days = (year: number) => new Date(Date.UTC(year, mm, 0)).getUTCDate();
  if (mm < 1 || mm > 12 || dd < 1) return false;
  return century === undefined ? dd <= Math.max(days(1900 + yy), days(2000 + yy)) : dd <= days(century + yy);
}

/** The value of each character in the CURP check digit (Ñ never appears in a CURP: RENAPO writes X instead). */
const CURP_ALPHABET = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';

/**
 * The check digit of a CURP (its 18th character) from its first 17: each character's value in CURP_ALPHABET times its
 * weight, 18 for the first down to 2 for the 17th, summed; the digit is (10 − sum mod 10) mod 10. RENAPO does not
 * publish the computation itself; this is the one of python-stdnum (stdnum/mx/curp.py, calc_check_digit), which
 * passes RENAPO-issued CURPs such as BOXW310820HNERXN09.
 */
export function curpCheckDigit(first17: string): number {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CURP_ALPHABET.indexOf(first17[i]) * (18 - i);
  return (10 - (sum % 10)) % 10;
}

/**
 * A CURP: 4 letters, the birth date YYMMDD, 6 letters (sex, state, consonants), the homonymy character (a digit for
 * births up to 1999, a letter from 2000, which gives the century of the date) and the check digit.
 */
function checkCurp(value: string): TypeProblem | undefined {
  if (!/^[A-Z]{4}[0-9]{6}[A-Z]{6}[0-9A-Z][0-9]$/.test(value))
    return {
      code: 'type',
      said: say('curp.format', { length: value.length }),
    };
  if (!isDate(value.slice(4, 10), /[0-9]/.test(value[16]) ? 1900 : 2000)) return { code: 'type', said: say('curp.date', { date: value.slice(4, 10) }) };
  const expected = curpCheckDigit(value);
  if (value.charCodeAt(17) - 48 !== expected)
    return {
      code: 'checksum',
      said: say('curp.checksum', { expected }),
    };
  return undefined;
}

/** The value of each character in the RFC check digit (SAT's table, Anexo 3 of its RFC algorithm). */
const RFC_ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

/**
 * The check digit of an RFC from the characters before it (12 for a person, 11 for a company, which count as 12 with
 * a space in front): each character's value in RFC_ALPHABET times its weight, 13 for the first down to 2, summed; the
 * remainder r of the sum by 11 gives 0 when r is 0, else 11 − r, written A when it is 10. Source: SAT, "Algoritmo para
 * generar el RFC con homoclave para personas físicas y morales" (answer to INFOMEX request 0610100135506, 18 October
 * 2006), "Procedimiento para calcular el dígito verificador", whose worked example gives GODE561231GR8; python-stdnum
 * (stdnum/mx/rfc.py) computes the same.
 */
export function rfcCheckDigit(beforeCheck: string): string {
  const twelve = beforeCheck.padStart(12, ' ');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += RFC_ALPHABET.indexOf(twelve[i]) * (13 - i);
  const r = sum % 11;
  return r === 0 ? '0' : r === 1 ? 'A' : String(11 - r);
}

/**
 * An RFC: 4 letters (a person) or 3 (a company), the date YYMMDD of birth or incorporation, the two homonymy
 * characters and the check digit (0-9 or A).
 */
function checkRfc(value: string): TypeProblem | undefined {
  const m = /^([A-ZÑ&]{3,4})([0-9]{6})([A-Z0-9]{2})([0-9A])$/.exec(value);
  if (!m)
    return {
      code: 'type',
      said: say('rfc.format', { length: value.length }),
    };
  if (!isDate(m[2])) return { code: 'type', said: say('rfc.date', { date: m[2] }) };
  const expected = rfcCheckDigit(value.slice(0, -1));
  if (m[4] !== expected)
    return {
      code: 'checksum',
      said: say('rfc.checksum', { expected, before: value.length - 1 }),
    };
  return undefined;
}

/** A Mexican tax or population id: an RFC (12 or 13 characters) or a CURP (18), told apart by their length. */
function checkMxTaxId(value: string): TypeProblem | undefined {
  if (value.length === 18) return asKind(checkCurp(value), 'mx_tax_id.as_kind');
  if (value.length === 12 || value.length === 13) return asKind(checkRfc(value), 'mx_tax_id.as_kind');
  return {
    code: 'type',
    said: say('mx_tax_id.length', { length: value.length }),
  };
}

/** The values a select field offers (none when its options are not a list). */
export function optionValues(field: Pick<SeedField, 'options'>): string[] {
  return Array.isArray(field.options) ? field.options.map((o) => o?.value).filter((v) => typeof v === 'string') : [];
}

/** A select field: the value is one of its options. */
function checkSelect(value: string, field: Pick<SeedField, 'options'>): TypeProblem | undefined {
  const options = optionValues(field);
  if (options.includes(value)) return undefined;
  if (!options.length) return { code: 'option', said: say('select.no_options', {}) };
  return { code: 'option', said: say('select.not_an_option', { options }) };
}

/**
 * The own check of each field type, run on the normalized value after maxLength and pattern; a type added to the
 * schema's enum without a check here does not compile.
 */
export const typeChecks: Record<FieldType, TypeCheck> = {
  /** text: free text, checked only by pattern and maxLength. */
  text: () => undefined,
  /** select: the value is one of the options' values. */
  select: inEnglish(checkSelect),
  /** iban: known country, that country's length and format, mod-97 check digits, national check digits. */
  iban: inEnglish(checkIban),
  /** email: one address, local@domain, ajv-formats' e-mail syntax. */
  email: inEnglish(checkEmail),
  /** phone: E.164, + then 7 to 15 digits, first not 0. */
  phone: inEnglish(checkPhone),
  /** aba_routing: 9 digits and the ABA checksum (weights 3, 7, 1). */
  aba_routing: inEnglish(checkAbaRouting),
  /** clabe: 18 digits and the CLABE check digit (weights 3, 7, 1). */
  clabe: inEnglish(checkClabe),
  /** pix_key: a Brazilian Pix key: CPF or CNPJ (numeric or alphanumeric) with check digits, e-mail, E.164 phone or UUID. */
  pix_key: inEnglish(checkPixKey),
  /** curp: a Mexican CURP, its birth date and its check digit (weights 18 to 2, mod 10). */
  curp: inEnglish(checkCurp),
  /** rfc: a Mexican RFC of a person or a company, its date and SAT's check digit (weights 13 to 2, mod 11, 10 written A). */
  rfc: inEnglish(checkRfc),
  /** mx_tax_id: an RFC or a CURP, told apart by length, each with its own check. */
  mx_tax_id: inEnglish(checkMxTaxId),
};
