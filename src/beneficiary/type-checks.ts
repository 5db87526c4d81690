import { getCountrySpecifications, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import type { RailField, SeedField } from '../generated/types.js';

/** A field `type` of the rail schema (text, select, iban, ...). */
export type FieldType = RailField['type'];

/** Why a value fails its type's own check: a malformed value (`type`), a wrong check digit (`checksum`), or not a choice (`option`). */
interface TypeProblem {
  code: 'type' | 'checksum' | 'option';
  /** English, says what to write instead. */
  message: string;
}

/** The own check of a field type, on the normalized value; undefined when the value passes. */
export type TypeCheck = (value: string, field: Pick<SeedField, 'options'>) => TypeProblem | undefined;

const IBAN_COUNTRIES = getCountrySpecifications();

/** An IBAN: known country, its length, its national format, the mod-97 check digits and national check digits (ibantools). */
function checkIban(value: string): TypeProblem | undefined {
  const example = 'FR7630006000011234567890189';
  if (!/^[A-Z]{2}/.test(value))
    return { code: 'type', message: `an IBAN starts with the two capital letters of its country code, then two check digits: write it like ${example}` };
  if (!/^[A-Z0-9]+$/.test(value))
    return { code: 'type', message: `an IBAN has only capital letters and digits, without spaces or separators: write it like ${example}` };
  const country = value.slice(0, 2);
  const spec = Object.hasOwn(IBAN_COUNTRIES, country) ? IBAN_COUNTRIES[country] : undefined;
  if (!spec) return { code: 'type', message: `unknown country ${country}: an IBAN starts with the ISO 3166 code of the account's country (${example})` };
  if (!spec.chars)
    return { code: 'type', message: `unknown country ${country}: ${country} does not use IBANs; ask for the account details of that country instead` };
  if (value.length !== spec.chars)
    return {
      code: 'type',
      message: `wrong length for ${country} (expected ${spec.chars}): an IBAN of ${country} has ${spec.chars} characters, this one has ${value.length}; check for a missing or extra character`,
    };
  const errors = validateIBAN(value).errorCodes;
  if (errors.includes(ValidationErrorsIBAN.ChecksumNotNumber))
    return { code: 'type', message: `characters 3 and 4 of an IBAN are its two check digits: write digits there (${example})` };
  if (errors.includes(ValidationErrorsIBAN.WrongBBANFormat))
    return {
      code: 'type',
      message: `the account part after ${value.slice(0, 4)} does not have the format of ${country} IBANs (letters where digits are expected, or the reverse): copy the IBAN again from the bank statement`,
    };
  if (errors.includes(ValidationErrorsIBAN.WrongIBANChecksum))
    return {
      code: 'checksum',
      message: `bad checksum: the check digits ${value.slice(2, 4)} do not match the rest of the IBAN (mod 97), so a character is mistyped; copy the IBAN again from the bank statement`,
    };
  if (errors.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum))
    return {
      code: 'checksum',
      message: `bad checksum: the national check digits of this ${country} account do not match its bank and account numbers; copy the IBAN again from the bank statement`,
    };
  if (errors.length) return { code: 'type', message: `not a valid IBAN: write it like ${example}` };
  return undefined;
}

// ajv-formats' "email" format (full mode): no catastrophic backtracking (labels end with a dot, parts are disjoint).
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** An e-mail address: ASCII local part and domain (RFC 5321 limits: 64 before the @, 254 in all). */
function checkEmail(value: string): TypeProblem | undefined {
  const at = value.lastIndexOf('@');
  if (value.length > 254 || at > 64 || !EMAIL.test(value))
    return { code: 'type', message: 'not an e-mail address: write one address like name@example.com, without spaces, names or angle brackets' };
  return undefined;
}

/** A phone number in E.164 form: + then 7 to 15 digits, the first (country code) not 0. */
function checkPhone(value: string): TypeProblem | undefined {
  if (/^\+[1-9][0-9]{6,14}$/.test(value)) return undefined;
  const why = !value.startsWith('+')
    ? 'start with + and the country code'
    : /[^+0-9]/.test(value)
      ? 'write digits only after the +, without spaces, dashes or brackets'
      : value[1] === '0'
        ? 'the country code after + never starts with 0: drop the national trunk prefix'
        : 'an international number has 7 to 15 digits after the +';
  return { code: 'type', message: `not a phone number in international E.164 form: ${why} (+254712345678)` };
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
      message: `an ABA routing number has exactly 9 digits, without spaces or dashes (021000021); this value has ${value.length} characters`,
    };
  if (weightedSum(value, WEIGHTS_371) % 10 !== 0)
    return {
      code: 'checksum',
      message:
        'bad checksum: the ninth digit of this ABA routing number does not match the first eight, so a digit is mistyped; copy it again from a check or the bank',
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
  if (!/^[0-9]{18}$/.test(value))
    return { code: 'type', message: `a CLABE has exactly 18 digits, without spaces or dashes (002010077777777771); this value has ${value.length} characters` };
  const expected = clabeCheckDigit(value);
  if (value.charCodeAt(17) - 48 !== expected)
    return {
      code: 'checksum',
      message: `bad checksum: the last digit of this CLABE should be ${expected} for the 17 digits before it, so a digit is mistyped; copy it again from the bank statement`,
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
  if (/^(.)\1{10}$/.test(value)) return { code: 'type', message: 'a CPF of one repeated digit is not issued: copy the 11 digits of the CPF again' };
  const expected = cpfCheckDigits(value.slice(0, 9));
  if (value.slice(9) !== expected)
    return {
      code: 'checksum',
      message: `bad checksum: the last two digits of this CPF should be ${expected} for the 9 before them, so a digit is mistyped; copy the CPF again`,
    };
  return undefined;
}

/** A CNPJ: 12 characters 0-9 or A-Z (uppercase), not all the same, then its two check digits. */
function checkCnpj(value: string): TypeProblem | undefined {
  if (/^(.)\1{13}$/.test(value)) return { code: 'type', message: 'a CNPJ of one repeated character is not issued: copy the 14 characters of the CNPJ again' };
  const expected = cnpjCheckDigits(value.slice(0, 12));
  if (value.slice(12) !== expected)
    return {
      code: 'checksum',
      message: `bad checksum: the last two digits of this CNPJ should be ${expected} for the 12 characters before them, so a character is mistyped; copy the CNPJ again`,
    };
  return undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A Pix key of any of the five kinds: CPF (11 digits) and CNPJ (14 characters, numeric or alphanumeric) with their
 * check digits, an e-mail address, a phone number in E.164 form, or a random key (lowercase UUID).
 */
function checkPixKey(value: string): TypeProblem | undefined {
  if (/^[0-9]{11}$/.test(value)) return checkCpf(value);
  if (/^[0-9A-Z]{12}[0-9]{2}$/.test(value)) return checkCnpj(value);
  if (value.includes('@')) return checkEmail(value);
  if (value.startsWith('+')) return checkPhone(value);
  if (UUID.test(value)) return undefined;
  const hint = /^[0-9a-zA-Z]{12}[0-9]{2}$/.test(value) ? ' (the letters of an alphanumeric CNPJ are capitals: 12ABC34501DE35)' : '';
  return {
    code: 'type',
    message: `not a Pix key: write a CPF (11 digits), a CNPJ (14 characters without dots, slash or hyphen)${hint}, an e-mail address, a phone number (+5511987654321) or a random key (lowercase UUID)`,
  };
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
  const example = 'GODE561231HDFRRN00';
  if (!/^[A-Z]{4}[0-9]{6}[A-Z]{6}[0-9A-Z][0-9]$/.test(value))
    return {
      code: 'type',
      message: `a CURP has 18 characters: 4 letters, the birth date YYMMDD, 6 letters, then a letter or digit and a check digit (${example}); this value has ${value.length} characters`,
    };
  if (!isDate(value.slice(4, 10), /[0-9]/.test(value[16]) ? 1900 : 2000))
    return { code: 'type', message: `characters 5 to 10 of a CURP are the birth date YYMMDD, and ${value.slice(4, 10)} is not a date: copy the CURP again` };
  const expected = curpCheckDigit(value);
  if (value.charCodeAt(17) - 48 !== expected)
    return {
      code: 'checksum',
      message: `bad checksum: the last digit of this CURP should be ${expected} for the 17 characters before it, so a character is mistyped; copy the CURP again`,
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
  const example = 'GODE561231GR8, or MAB9307148T4 for a company';
  const m = /^([A-ZÑ&]{3,4})([0-9]{6})([A-Z0-9]{2})([0-9A])$/.exec(value);
  if (!m)
    return {
      code: 'type',
      message: `an RFC has 13 characters for a person, 12 for a company: 4 (or 3) letters, the date YYMMDD, then 3 letters or digits (${example}); this value has ${value.length} characters`,
    };
  if (!isDate(m[2]))
    return { code: 'type', message: `the 6 digits after the letters of an RFC are a date YYMMDD, and ${m[2]} is not a date: copy the RFC again` };
  const expected = rfcCheckDigit(value.slice(0, -1));
  if (m[4] !== expected)
    return {
      code: 'checksum',
      message: `bad checksum: the last character of this RFC should be ${expected} for the ${value.length - 1} before it, so a character is mistyped; copy the RFC again from the Constancia de Situación Fiscal`,
    };
  return undefined;
}

/** A Mexican tax or population id: an RFC (12 or 13 characters) or a CURP (18), told apart by their length. */
function checkMxTaxId(value: string): TypeProblem | undefined {
  if (value.length === 18) return checkCurp(value);
  if (value.length === 12 || value.length === 13) return checkRfc(value);
  return {
    code: 'type',
    message: `write an RFC (13 characters for a person, 12 for a company: GODE561231GR8) or a CURP (18 characters: GODE561231HDFRRN00); this value has ${value.length} characters`,
  };
}

/** A select field: the value is one of its options. */
function checkSelect(value: string, field: Pick<SeedField, 'options'>): TypeProblem | undefined {
  const options = Array.isArray(field.options) ? field.options.map((o) => o?.value).filter((v) => typeof v === 'string') : [];
  if (options.includes(value)) return undefined;
  if (!options.length) return { code: 'option', message: 'this select field has no options to choose from; the rail is misconfigured' };
  const shown =
    options
      .slice(0, 20)
      .map((v) => JSON.stringify(v))
      .join(', ') + (options.length > 20 ? `, … (${options.length} in all)` : '');
  return { code: 'option', message: `not one of the choices: write one of ${shown}` };
}

/**
 * The own check of each field type, run on the normalized value after maxLength and pattern; a type added to the
 * schema's enum without a check here does not compile.
 */
export const typeChecks: Record<FieldType, TypeCheck> = {
  /** text: free text, checked only by pattern and maxLength. */
  text: () => undefined,
  /** select: the value is one of the options' values. */
  select: checkSelect,
  /** iban: known country, that country's length and format, mod-97 check digits, national check digits. */
  iban: checkIban,
  /** email: one address, local@domain, ajv-formats' e-mail syntax. */
  email: checkEmail,
  /** phone: E.164, + then 7 to 15 digits, first not 0. */
  phone: checkPhone,
  /** aba_routing: 9 digits and the ABA checksum (weights 3, 7, 1). */
  aba_routing: checkAbaRouting,
  /** clabe: 18 digits and the CLABE check digit (weights 3, 7, 1). */
  clabe: checkClabe,
  /** pix_key: a Brazilian Pix key: CPF or CNPJ (numeric or alphanumeric) with check digits, e-mail, E.164 phone or UUID. */
  pix_key: checkPixKey,
  /** curp: a Mexican CURP, its birth date and its check digit (weights 18 to 2, mod 10). */
  curp: checkCurp,
  /** rfc: a Mexican RFC of a person or a company, its date and SAT's check digit (weights 13 to 2, mod 11, 10 written A). */
  rfc: checkRfc,
  /** mx_tax_id: an RFC or a CURP, told apart by length, each with its own check. */
  mx_tax_id: checkMxTaxId,
};
