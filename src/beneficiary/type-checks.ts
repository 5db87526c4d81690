import { getCountrySpecifications, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import type { RailField, SeedField } from '../generated/types.js';

/** A field `type` of the rail schema (text, select, iban, ...). */
export type FieldType = RailField['type'];

/** Why a value fails its type's own check: a malformed value (`type`), a wrong check digit (`checksum`), or not a choice (`option`). */
export interface TypeProblem {
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
  if (!spec.chars) return { code: 'type', message: `unknown country ${country}: ${country} does not use IBANs; ask for the account details of that country instead` };
  if (value.length !== spec.chars)
    return { code: 'type', message: `wrong length for ${country} (expected ${spec.chars}): an IBAN of ${country} has ${spec.chars} characters, this one has ${value.length}; check for a missing or extra character` };
  const errors = validateIBAN(value).errorCodes;
  if (errors.includes(ValidationErrorsIBAN.ChecksumNotNumber))
    return { code: 'type', message: `characters 3 and 4 of an IBAN are its two check digits: write digits there (${example})` };
  if (errors.includes(ValidationErrorsIBAN.WrongBBANFormat))
    return { code: 'type', message: `the account part after ${value.slice(0, 4)} does not have the format of ${country} IBANs (letters where digits are expected, or the reverse): copy the IBAN again from the bank statement` };
  if (errors.includes(ValidationErrorsIBAN.WrongIBANChecksum))
    return { code: 'checksum', message: `bad checksum: the check digits ${value.slice(2, 4)} do not match the rest of the IBAN (mod 97), so a character is mistyped; copy the IBAN again from the bank statement` };
  if (errors.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum))
    return { code: 'checksum', message: `bad checksum: the national check digits of this ${country} account do not match its bank and account numbers; copy the IBAN again from the bank statement` };
  if (errors.length) return { code: 'type', message: `not a valid IBAN: write it like ${example}` };
  return undefined;
}

// ajv-formats' "email" format (full mode): no catastrophic backtracking (labels end with a dot, parts are disjoint).
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

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
  const why = !value.startsWith('+') ? 'start with + and the country code'
    : /[^+0-9]/.test(value) ? 'write digits only after the +, without spaces, dashes or brackets'
    : value[1] === '0' ? 'the country code after + never starts with 0: drop the national trunk prefix'
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
    return { code: 'type', message: `an ABA routing number has exactly 9 digits, without spaces or dashes (021000021); this value has ${value.length} characters` };
  if (weightedSum(value, WEIGHTS_371) % 10 !== 0)
    return { code: 'checksum', message: 'bad checksum: the ninth digit of this ABA routing number does not match the first eight, so a digit is mistyped; copy it again from a check or the bank' };
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
    return { code: 'checksum', message: `bad checksum: the last digit of this CLABE should be ${expected} for the 17 digits before it, so a digit is mistyped; copy it again from the bank statement` };
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
    return { code: 'checksum', message: `bad checksum: the last two digits of this CPF should be ${expected} for the 9 before them, so a digit is mistyped; copy the CPF again` };
  return undefined;
}

/** A CNPJ: 12 characters 0-9 or A-Z (uppercase), not all the same, then its two check digits. */
function checkCnpj(value: string): TypeProblem | undefined {
  if (/^(.)\1{13}$/.test(value)) return { code: 'type', message: 'a CNPJ of one repeated character is not issued: copy the 14 characters of the CNPJ again' };
  const expected = cnpjCheckDigits(value.slice(0, 12));
  if (value.slice(12) !== expected)
    return { code: 'checksum', message: `bad checksum: the last two digits of this CNPJ should be ${expected} for the 12 characters before them, so a character is mistyped; copy the CNPJ again` };
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
  return { code: 'type', message: `not a Pix key: write a CPF (11 digits), a CNPJ (14 characters without dots, slash or hyphen)${hint}, an e-mail address, a phone number (+5511987654321) or a random key (lowercase UUID)` };
}

/** A select field: the value is one of its options. */
function checkSelect(value: string, field: Pick<SeedField, 'options'>): TypeProblem | undefined {
  const options = Array.isArray(field.options) ? field.options.map((o) => o?.value).filter((v) => typeof v === 'string') : [];
  if (options.includes(value)) return undefined;
  if (!options.length) return { code: 'option', message: 'this select field has no options to choose from; the rail is misconfigured' };
  const shown = options.slice(0, 20).map((v) => JSON.stringify(v)).join(', ') + (options.length > 20 ? `, … (${options.length} in all)` : '');
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
};
