import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clabeCheckDigit, cnpjCheckDigits, cpfCheckDigits, curpCheckDigit, rfcCheckDigit, typeChecks } from '../../src/beneficiary/type-checks.js';

const schema = JSON.parse(readFileSync(new URL('../../schemas/rail.schema.json', import.meta.url), 'utf8'));
const noOptions = {};

describe('typeChecks', () => {
  it('has one check per field type of the schema, and no other', () => {
    expect(Object.keys(typeChecks).sort()).toEqual([...schema.definitions.field.properties.type.enum].sort());
  });

  it('text accepts any value', () => {
    expect(typeChecks.text('anything at all!', noOptions)).toBeUndefined();
  });

  describe('select', () => {
    const field = {
      options: [
        { value: 'CHECKING', label: { fr: 'Courant', en: 'Checking' } },
        { value: 'SAVINGS', label: { fr: 'Épargne', en: 'Savings' } },
      ],
    };
    it.each(['CHECKING', 'SAVINGS'])('accepts the option %s', (value) => {
      expect(typeChecks.select(value, field)).toBeUndefined();
    });
    it.each(['checking', 'CHECKING ', 'OTHER', 'Checking'])('rejects %j, not an option value', (value) => {
      expect(typeChecks.select(value, field)?.code).toBe('option');
    });
    it('rejects every value when there are no options', () => {
      expect(typeChecks.select('CHECKING', noOptions)?.code).toBe('option');
    });
  });

  describe('iban', () => {
    it.each([
      'FR7630006000011234567890189', // France, 27
      'DE89370400440532013000', // Germany, 22
      'GB82WEST12345698765432', // United Kingdom, 22
      'NL91ABNA0417164300', // Netherlands, 18
      'BE71096123456769', // Belgium, 16
      'ES9121000418450200051332', // Spain, 24
      'IT60X0542811101000000123456', // Italy, 27
      'CH9300762011623852957', // Switzerland, 21
      'MT84MALT011000012345MTLCAST001S', // Malta, 31
      'BR1800360305000010009795493C1', // Brazil, 29
    ])('accepts %s', (iban) => {
      expect(typeChecks.iban(iban, noOptions)).toBeUndefined();
    });

    it.each([
      { iban: 'FR763000600001123456789018', code: 'type', reason: /wrong length for FR \(expected 27\)/ },
      { iban: 'FR76300060000112345678901890', code: 'type', reason: /wrong length for FR \(expected 27\)/ },
      { iban: 'DE8937040044053201300', code: 'type', reason: /wrong length for DE \(expected 22\)/ },
      { iban: 'NL91ABNA04171643000', code: 'type', reason: /wrong length for NL \(expected 18\)/ },
      { iban: 'FR7630006000011234567890188', code: 'checksum', reason: /checksum/ },
      { iban: 'DE89370400440532013001', code: 'checksum', reason: /checksum/ },
      { iban: 'GB82WEST12345698765433', code: 'checksum', reason: /checksum/ },
      { iban: 'NL92ABNA0417164300', code: 'checksum', reason: /checksum/ },
      { iban: 'QQ7630006000011234567890189', code: 'type', reason: /unknown country QQ/ },
      { iban: 'US64SVBKUS6S3300958879', code: 'type', reason: /unknown country US/ },
      { iban: 'GB82WEST1234569876543A', code: 'type', reason: /format of GB/ },
      { iban: 'fr7630006000011234567890189', code: 'type', reason: /capital letters/ },
      { iban: 'FR76 3000 6000 0112 3456 7890 189', code: 'type', reason: /without spaces/ },
      { iban: '7630006000011234567890189', code: 'type', reason: /country code/ },
      { iban: 'FRXX30006000011234567890189', code: 'type', reason: /check digits/ },
    ])('rejects $iban ($code)', ({ iban, code, reason }) => {
      const problem = typeChecks.iban(iban, noOptions);
      expect(problem?.code).toBe(code);
      expect(problem?.message).toMatch(reason);
    });
  });

  describe('email', () => {
    it.each(['a@b.co', 'jane.doe+payouts@example.com', 'x_y@sub.domain.example.org', 'JANE@EXAMPLE.COM'])('accepts %s', (email) => {
      expect(typeChecks.email(email, noOptions)).toBeUndefined();
    });
    it.each([
      'a@b',
      'jane doe@example.com',
      'Jane <jane@example.com>',
      '@example.com',
      'jane@',
      'jane..doe@example.com',
      'jane@-example.com',
      'jane@example..com',
      'a@b@c.com',
      `${'a'.repeat(65)}@example.com`,
      `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}.com` /* 262 characters, over 254 */,
    ])('rejects %j', (email) => {
      expect(typeChecks.email(email, noOptions)?.code).toBe('type');
    });
    const d63 = 'd'.repeat(63);
    it.each([
      { email: `${'a'.repeat(64)}@example.com`, length: 76, accepted: true, name: 'a local part of exactly 64 characters' },
      { email: `${'a'.repeat(65)}@example.com`, length: 77, accepted: false, name: 'a local part of 65' },
      { email: `${'a'.repeat(10)}@${d63}.${d63}.${d63}.${'d'.repeat(47)}.com`, length: 254, accepted: true, name: 'an address of exactly 254 characters' },
      { email: `${'a'.repeat(10)}@${d63}.${d63}.${d63}.${'d'.repeat(48)}.com`, length: 255, accepted: false, name: 'an address of 255' },
      { email: `${'a'.repeat(64)}@${d63}.${d63}.${'d'.repeat(57)}.com`, length: 254, accepted: true, name: 'a local part of 64 in an address of 254' },
    ])('$name: accepted $accepted', ({ email, length, accepted }) => {
      expect(email.length).toBe(length);
      expect(typeChecks.email(email, noOptions)).toEqual(
        accepted
          ? undefined
          : { code: 'type', message: 'not an e-mail address: write one address like name@example.com, without spaces, names or angle brackets' },
      );
    });
    it('answers inputs built to make a regular expression backtrack (a backtracking check would not end for hours)', () => {
      const evil = [
        `${'a.'.repeat(30)}@${'a-'.repeat(100)}!`,
        `a@${'a'.repeat(61)}${'.'.repeat(1)}${'a'.repeat(120)}-`,
        `${'a'.repeat(60)}@${'a.'.repeat(90)}-`,
      ];
      for (const e of evil) expect(typeChecks.email(e, noOptions)?.code).toBe('type');
    });
  });

  describe('phone (E.164)', () => {
    it.each(['+254712345678', '+14155552671', '+33612345678', '+1234567', '+123456789012345'])('accepts %s', (phone) => {
      expect(typeChecks.phone(phone, noOptions)).toBeUndefined();
    });
    it.each(['254712345678', '0712345678', '+0712345678', '+254 712 345 678', '+254-712-345678', '+123456', '+1234567890123456', '+', '+25471234567a'])(
      'rejects %j',
      (phone) => {
        expect(typeChecks.phone(phone, noOptions)?.code).toBe('type');
      },
    );
  });

  describe('aba_routing', () => {
    it.each(['021000021', '011000015', '026009593', '121000358'])('accepts %s', (aba) => {
      expect(typeChecks.aba_routing(aba, noOptions)).toBeUndefined();
    });
    it.each([
      ['021000022', 'checksum'],
      ['121000359', 'checksum'],
      ['123456789', 'checksum'],
      ['02100002', 'type'],
      ['0210000210', 'type'],
      ['02100002A', 'type'],
      ['021-000-021', 'type'],
      ['０２１０００００２１', 'type'], // full-width digits are not ASCII digits
    ])('rejects %s (%s)', (aba, code) => {
      expect(typeChecks.aba_routing(aba, noOptions)?.code).toBe(code);
    });
  });

  describe('clabe', () => {
    it.each(['002010077777777771', '032180000118359719'])('accepts %s', (clabe) => {
      expect(typeChecks.clabe(clabe, noOptions)).toBeUndefined();
    });
    it.each([
      ['002010077777777772', 'checksum'],
      ['032180000118359710', 'checksum'],
      ['00201007777777777', 'type'],
      ['0020100777777777712', 'type'],
      ['00201007777777777X', 'type'],
      ['002 010 07777777777 1', 'type'],
    ])('rejects %s (%s)', (clabe, code) => {
      expect(typeChecks.clabe(clabe, noOptions)?.code).toBe(code);
    });
    it('computes the check digit with weights 3, 7, 1', () => {
      expect(clabeCheckDigit('00201007777777777')).toBe(1);
      expect(clabeCheckDigit('03218000011835971')).toBe(9);
      expect(clabeCheckDigit('00000000000000000')).toBe(0);
    });
  });

  describe('pix_key', () => {
    it.each([
      ['52998224725', 'CPF'],
      ['11222333000181', 'numeric CNPJ'],
      ['12ABC34501DE35', "alphanumeric CNPJ (the Receita Federal's example 12.ABC.345/01DE-35)"],
      ['33000167000101', 'numeric CNPJ, check digits 01'],
      ['joao.silva@example.com.br', 'e-mail'],
      ['+5511987654321', 'phone'],
      ['7d9f0335-8dcc-4054-9bf9-0dbd61d36906', 'random key'],
    ])('accepts %s (%s)', (key) => {
      expect(typeChecks.pix_key(key, noOptions)).toBeUndefined();
    });
    it.each([
      ['52998224726', 'checksum'], // CPF, last digit wrong
      ['52998224715', 'checksum'], // CPF, first check digit wrong
      ['11111111111', 'type'], // CPF of one repeated digit: passes the checksum, never issued
      ['11222333000182', 'checksum'],
      ['12ABC34501DE36', 'checksum'],
      ['12ABC34501DF35', 'checksum'], // a letter mistyped
      ['00000000000000', 'type'],
      ['12abc34501de35', 'type'], // lowercase letters
      ['12.ABC.345/01DE-35', 'type'], // separators
      ['12ABC34501DE3A', 'type'], // a letter in the check digits
      ['joao.silva@', 'type'],
      ['+0511987654321', 'type'],
      ['7D9F0335-8DCC-4054-9BF9-0DBD61D36906', 'type'], // random keys are lowercase
    ])('rejects %s (%s)', (key, code) => {
      expect(typeChecks.pix_key(key, noOptions)?.code).toBe(code);
    });
    // Remainders 2 give a check digit 9; remainders 0 and 1 give 0 (checked against the usual (10·Σ mod 11) mod 10 form).
    it.each([
      ['10000032999', 'CPF, both remainders 2: check digits 99'],
      ['10000039900', 'CPF, both remainders 1: check digits 00'],
      ['10000135100', 'CPF, both remainders 0: check digits 00'],
      ['11222333057299', 'CNPJ, both remainders 2: check digits 99'],
      ['11222333126100', 'CNPJ, both remainders 1: check digits 00'],
      ['11222333044200', 'CNPJ, both remainders 0: check digits 00'],
    ])('accepts %s (%s)', (key) => {
      expect(typeChecks.pix_key(key, noOptions)).toBeUndefined();
    });
    it.each([
      ['10000032990', 'CPF', '99', 'the 9 before them'],
      ['10000032909', 'CPF', '99', 'the 9 before them'],
      ['10000039909', 'CPF', '00', 'the 9 before them'],
      ['10000135190', 'CPF', '00', 'the 9 before them'],
      ['11222333057290', 'CNPJ', '99', 'the 12 characters before them'],
      ['11222333126109', 'CNPJ', '00', 'the 12 characters before them'],
      ['11222333044290', 'CNPJ', '00', 'the 12 characters before them'],
    ])('rejects %s, whose %s check digits are %s', (key, kind, expected, before) => {
      const mistyped = kind === 'CPF' ? 'a digit is mistyped' : 'a character is mistyped';
      expect(typeChecks.pix_key(key, noOptions)).toEqual({
        code: 'checksum',
        message: `bad checksum: the last two digits of this ${kind} should be ${expected} for ${before}, so ${mistyped}; copy the ${kind} again`,
      });
    });
    it('tells how to write an alphanumeric CNPJ typed in lowercase', () => {
      expect(typeChecks.pix_key('12abc34501de35', noOptions)?.message).toContain('12ABC34501DE35');
    });
    it('computes CNPJ check digits with a character worth its ASCII code minus 48', () => {
      expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
      expect(cnpjCheckDigits('112223330001')).toBe('81');
      expect(cnpjCheckDigits('000000000000')).toBe('00');
      expect(cpfCheckDigits('529982247')).toBe('25');
    });
  });

  // Check digits below were computed with the published algorithms (type-checks.ts says where each comes from).
  describe('curp', () => {
    it.each([
      ['GODE561231HDFRRN00', 'check digit 0 (the edge value)'],
      ['BOXW310820HNERXN09', "python-stdnum's example, check digit 9"],
      ['GODE040229MDFRRNA6', '29 February 2004: a letter before the check digit means a birth from 2000'],
      ['GODE000229MDFRRNA8', '29 February 2000, a leap year'],
    ])('accepts %s (%s)', (curp) => {
      expect(typeChecks.curp(curp, noOptions)).toBeUndefined();
    });
    it.each([
      ['GODE561231HDFRRN09', 'checksum', 'the example the catalog had: 0, not 9'],
      ['GODE561231HDFRRN01', 'checksum', 'one off'],
      ['BOXW310820HNERXN08', 'checksum', 'one off'],
      ['GODE561231HDFRRM00', 'checksum', 'a letter mistyped'],
      ['GODE000229HDFRRN08', 'type', '29 February 1900: a digit before the check digit means a birth up to 1999, and 1900 was no leap year'],
      ['GODE010229MDFRRNA5', 'type', '29 February 2001'],
      ['GODE561331HDFRRN00', 'type', 'month 13'],
      ['GODE561231HDFRRN0', 'type', '17 characters'],
      ['GODE561231HDFRRN0A', 'type', 'a letter as check digit'],
      ['gode561231hdfrrn00', 'type', 'lowercase (the field normalizes before the check)'],
    ])('rejects %s (%s: %s)', (curp, code) => {
      expect(typeChecks.curp(curp, noOptions)?.code).toBe(code);
    });
    it('computes the check digit with weights 18 down to 2, mod 10', () => {
      expect(curpCheckDigit('GODE561231HDFRRN0')).toBe(0);
      expect(curpCheckDigit('BOXW310820HNERXN0')).toBe(9);
      expect(curpCheckDigit('GODE040229MDFRRNA')).toBe(6);
    });
    it('says which check digit is expected', () => {
      expect(typeChecks.curp('GODE561231HDFRRN09', noOptions)?.message).toContain('should be 0');
    });
  });

  describe('rfc', () => {
    it.each([
      ['GODE561231GR8', "SAT's worked example, a person"],
      ['MAB9307148T4', 'a company (12 characters, counted with a space in front)'],
      ['GODE5612311BA', 'check digit A: 11 − remainder 1 is 10'],
      ['MAB9307141AA', 'a company, check digit A'],
      ['GODE561231150', 'check digit 0: remainder 0'],
      ['MAB930714140', 'a company, check digit 0'],
      ['AÑO930714K18', 'Ñ, worth 38'],
      ['A&B930714K15', '&, worth 24'],
    ])('accepts %s (%s)', (rfc) => {
      expect(typeChecks.rfc(rfc, noOptions)).toBeUndefined();
    });
    it.each([
      ['ABC680524P76', 'checksum', 'the example the catalog had: 3, not 6'],
      ['GODE561231GR9', 'checksum', 'one off'],
      ['GODE5612311B0', 'checksum', '0 where A is due'],
      ['GODE56123115A', 'checksum', 'A where 0 is due'],
      ['GODE5612311B10', 'type', '14 characters'],
      ['XAXX010101000', 'checksum', 'its check digit is 4'],
      ['GODE561331GR8', 'type', 'month 13'],
      ['GODE560230GR8', 'type', '30 February'],
      ['GODE561231GRB', 'type', 'a check digit is 0-9 or A'],
      ['GO1E561231GR8', 'type', 'a digit among the letters'],
    ])('rejects %s (%s: %s)', (rfc, code) => {
      expect(typeChecks.rfc(rfc, noOptions)?.code).toBe(code);
    });
    it('computes the check digit with weights 13 down to 2, mod 11, 10 written A', () => {
      expect(rfcCheckDigit('GODE561231GR')).toBe('8');
      expect(rfcCheckDigit('MAB9307148T')).toBe('4');
      expect(rfcCheckDigit('GODE5612311B')).toBe('A');
      expect(rfcCheckDigit('GODE56123115')).toBe('0');
    });
  });

  describe('mx_tax_id', () => {
    it.each(['GODE561231GR8', 'MAB9307148T4', 'GODE561231HDFRRN00'])('accepts the RFC or CURP %s', (id) => {
      expect(typeChecks.mx_tax_id(id, noOptions)).toBeUndefined();
    });
    it.each([
      ['ABC680524P76', 'checksum'],
      ['GODE561231HDFRRN09', 'checksum'],
      ['GODE561231HDFRRN0', 'type'],
      ['12345678901', 'type'],
    ])('rejects %s (%s)', (id, code) => {
      expect(typeChecks.mx_tax_id(id, noOptions)?.code).toBe(code);
    });
  });
});

describe('the messages of the type checks', () => {
  const fr = 'FR7630006000011234567890189';
  it.each([
    [
      'iban',
      '7630006000011234567890189',
      'type',
      `an IBAN starts with the two capital letters of its country code, then two check digits: write it like ${fr}`,
    ],
    ['iban', 'FR76 3000', 'type', `an IBAN has only capital letters and digits, without spaces or separators: write it like ${fr}`],
    ['iban', 'QQ7630006000011234567890189', 'type', `unknown country QQ: an IBAN starts with the ISO 3166 code of the account's country (${fr})`],
    ['iban', 'US64SVBKUS6S3300958879', 'type', 'unknown country US: US does not use IBANs; ask for the account details of that country instead'],
    [
      'iban',
      'DE8937040044053201300',
      'type',
      'wrong length for DE (expected 22): an IBAN of DE has 22 characters, this one has 21; check for a missing or extra character',
    ],
    ['iban', 'FRXX30006000011234567890189', 'type', `characters 3 and 4 of an IBAN are its two check digits: write digits there (${fr})`],
    [
      'iban',
      'GB82WEST1234569876543A',
      'type',
      'the account part after GB82 does not have the format of GB IBANs (letters where digits are expected, or the reverse): copy the IBAN again from the bank statement',
    ],
    [
      'iban',
      'DE89370400440532013001',
      'checksum',
      'bad checksum: the check digits 89 do not match the rest of the IBAN (mod 97), so a character is mistyped; copy the IBAN again from the bank statement',
    ],
    // Right mod-97 check digits (computed for the changed account), wrong RIB key (89 is due, not 88).
    [
      'iban',
      'FR0630006000011234567890188',
      'checksum',
      'bad checksum: the national check digits of this FR account do not match its bank and account numbers; copy the IBAN again from the bank statement',
    ],
    ['phone', '254712345678', 'type', 'not a phone number in international E.164 form: start with + and the country code (+254712345678)'],
    [
      'phone',
      '+254 712 345678',
      'type',
      'not a phone number in international E.164 form: write digits only after the +, without spaces, dashes or brackets (+254712345678)',
    ],
    [
      'phone',
      '+0712345678',
      'type',
      'not a phone number in international E.164 form: the country code after + never starts with 0: drop the national trunk prefix (+254712345678)',
    ],
    ['phone', '+123456', 'type', 'not a phone number in international E.164 form: an international number has 7 to 15 digits after the + (+254712345678)'],
    [
      'phone',
      '+1234567890123456',
      'type',
      'not a phone number in international E.164 form: an international number has 7 to 15 digits after the + (+254712345678)',
    ],
    ['pix_key', '11111111111', 'type', 'a CPF of one repeated digit is not issued: copy the 11 digits of the CPF again'],
    ['pix_key', '00000000000000', 'type', 'a CNPJ of one repeated character is not issued: copy the 14 characters of the CNPJ again'],
    [
      'pix_key',
      '12abc34501de35',
      'type',
      'not a Pix key: write a CPF (11 digits), a CNPJ (14 characters without dots, slash or hyphen) (the letters of an alphanumeric CNPJ are capitals: 12ABC34501DE35), an e-mail address, a phone number (+5511987654321) or a random key (lowercase UUID)',
    ],
    [
      'pix_key',
      '12ABC34501DE36',
      'checksum',
      'bad checksum: the last two digits of this CNPJ should be 35 for the 12 characters before them, so a character is mistyped; copy the CNPJ again',
    ],
    ['pix_key', 'joao@', 'type', 'not an e-mail address: write one address like name@example.com, without spaces, names or angle brackets'],
    [
      'pix_key',
      '+0511987654321',
      'type',
      'not a phone number in international E.164 form: the country code after + never starts with 0: drop the national trunk prefix (+254712345678)',
    ],
    ['curp', 'GODE561331HDFRRN00', 'type', 'characters 5 to 10 of a CURP are the birth date YYMMDD, and 561331 is not a date: copy the CURP again'],
    ['rfc', 'GODE561331GR8', 'type', 'the 6 digits after the letters of an RFC are a date YYMMDD, and 561331 is not a date: copy the RFC again'],
    [
      'rfc',
      'GODE561231GR9',
      'checksum',
      'bad checksum: the last character of this RFC should be 8 for the 12 before it, so a character is mistyped; copy the RFC again from the Constancia de Situación Fiscal',
    ],
    [
      'mx_tax_id',
      'GODE561231GR81',
      'type',
      'write an RFC (13 characters for a person, 12 for a company: GODE561231GR8) or a CURP (18 characters: GODE561231HDFRRN00); this value has 14 characters',
    ],
    [
      'mx_tax_id',
      'MAB9307148T5',
      'checksum',
      'bad checksum: the last character of this RFC should be 4 for the 11 before it, so a character is mistyped; copy the RFC again from the Constancia de Situación Fiscal',
    ],
    [
      'mx_tax_id',
      'GODE561231HDFRRN01',
      'checksum',
      'bad checksum: the last digit of this CURP should be 0 for the 17 characters before it, so a character is mistyped; copy the CURP again',
    ],
    [
      'clabe',
      '032180000118359710',
      'checksum',
      'bad checksum: the last digit of this CLABE should be 9 for the 17 digits before it, so a digit is mistyped; copy it again from the bank statement',
    ],
  ] as const)('%s %j: %s, %s', (type, value, code, message) => {
    expect(typeChecks[type](value, noOptions)).toEqual({ code, message });
  });

  it.each([
    ['GODE560101GR3', 'RFC, 1 January'],
    ['GODE560531GR8', 'RFC, 31 May'],
    ['GODE000229GR4', 'RFC, 29 February 00: 2000 was a leap year (an RFC does not say the century)'],
    ['GODE560101HDFRRN03', 'CURP, 1 January'],
    ['GODE561201HDFRRN00', 'CURP, 1 December'],
  ])('accepts the date of %s (%s)', (id) => {
    expect(typeChecks.mx_tax_id(id, noOptions)).toBeUndefined();
  });

  it.each([
    ['GODE560001GR9', 'month 00'],
    ['GODE560100GR7', 'day 00'],
    ['GODE560631GR2', '31 June'],
    ['GODE561232GR4', 'day 32'],
    ['GODE010229GR7', '29 February 01'],
  ])('refuses the date of the RFC %s (%s)', (rfc) => {
    expect(typeChecks.rfc(rfc, noOptions)?.message).toBe(
      `the 6 digits after the letters of an RFC are a date YYMMDD, and ${rfc.slice(4, 10)} is not a date: copy the RFC again`,
    );
  });

  it('lists the first 20 options of a select, then how many there are', () => {
    const options = (n: number) => [null, { value: 7 }, ...Array.from({ length: n }, (_, i) => ({ value: `O${i}`, label: { fr: '', en: '' } }))];
    const twenty = Array.from({ length: 20 }, (_, i) => `"O${i}"`).join(', ');
    expect(typeChecks.select('x', { options: options(20) } as never)).toEqual({ code: 'option', message: `not one of the choices: write one of ${twenty}` });
    expect(typeChecks.select('x', { options: options(21) } as never)).toEqual({
      code: 'option',
      message: `not one of the choices: write one of ${twenty}, … (21 in all)`,
    });
    expect(typeChecks.select('x', { options: 'O1' } as never)).toEqual({
      code: 'option',
      message: 'this select field has no options to choose from; the rail is misconfigured',
    });
  });
});

describe('the type checks read the whole value', () => {
  const notPix =
    'not a Pix key: write a CPF (11 digits), a CNPJ (14 characters without dots, slash or hyphen), an e-mail address, a phone number (+5511987654321) or a random key (lowercase UUID)';
  const curp = (n: number) =>
    `a CURP has 18 characters: 4 letters, the birth date YYMMDD, 6 letters, then a letter or digit and a check digit (GODE561231HDFRRN00); this value has ${n} characters`;
  const rfc = (n: number) =>
    `an RFC has 13 characters for a person, 12 for a company: 4 (or 3) letters, the date YYMMDD, then 3 letters or digits (GODE561231GR8, or MAB9307148T4 for a company); this value has ${n} characters`;
  it.each([
    ['pix_key', 'x11222333000181', notPix],
    ['pix_key', '11222333000181x', notPix],
    ['curp', 'XGODE561231HDFRRN00', curp(19)],
    ['curp', 'GODE561231HDFRRN00X', curp(19)],
    ['rfc', 'XGODE561231GR8', rfc(14)],
    ['rfc', 'GODE561231GR8X', rfc(14)],
    ['phone', 'x+254712345678', 'not a phone number in international E.164 form: start with + and the country code (+254712345678)'],
    [
      'iban',
      '1FR7630006000011234567890189',
      'an IBAN starts with the two capital letters of its country code, then two check digits: write it like FR7630006000011234567890189',
    ],
    [
      'iban',
      'F17630006000011234567890189',
      'an IBAN starts with the two capital letters of its country code, then two check digits: write it like FR7630006000011234567890189',
    ],
  ] as const)('%s refuses %j', (type, value, message) => {
    expect(typeChecks[type](value, noOptions)).toEqual({ code: 'type', message });
  });
});
