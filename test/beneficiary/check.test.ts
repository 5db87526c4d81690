import { describe, expect, it } from 'vitest';
import { checkBeneficiary } from '../../src/beneficiary/index.js';
import type { SeedField } from '../../src/generated/types.js';

const ibanHelp = { fr: 'Sur le RIB', en: 'On the bank details' };

/** One field of each kind of check, most without a label (the name stands in) or help. */
const rail: { fields: SeedField[] } = {
  fields: [
    {
      name: 'iban',
      label: { fr: 'IBAN du compte', en: 'Account IBAN' },
      type: 'iban',
      required: true,
      normalize: 'upper_remove_spaces',
      maxLength: 34,
      help: ibanHelp,
    },
    { name: 'holder', type: 'text', required: true, normalize: 'trim', maxLength: 10 },
    { name: 'note', type: 'text', required: false },
    { name: 'reference', type: 'text', required: false, pattern: '^[A-Z]{3}$', help: { fr: 'Trois capitales', en: 'Three capitals' } },
    { name: 'code', type: 'text', required: false, pattern: '^[0-9]+$' },
    { name: 'broken', type: 'text', required: false, pattern: '^[a-z' },
    {
      name: 'accountType',
      type: 'select',
      required: false,
      options: [
        { value: 'CHECKING', label: { fr: 'Courant', en: 'Checking' } },
        { value: 'SAVINGS', label: { fr: 'Épargne', en: 'Savings' } },
      ],
    },
    { name: 'empty', type: 'select', required: false, options: [] },
    { name: 'email', type: 'email', required: false },
    { name: 'phone', type: 'phone', required: false },
    { name: 'routing', type: 'aba_routing', required: false },
    { name: 'clabe', type: 'clabe', required: false },
    { name: 'curp', type: 'curp', required: false },
    { name: 'rfc', type: 'rfc', required: false },
    { name: 'mx', type: 'mx_tax_id', required: false },
    { name: 'pix', type: 'pix_key', required: false },
  ],
};
const good = { iban: 'FR7630006000011234567890189', holder: 'Jane' };

describe('checkBeneficiary', () => {
  it('gives the normalized values of a valid beneficiary, and no error', () => {
    expect(checkBeneficiary(rail, { iban: 'fr76 3000 6000 0112 3456 7890 189', holder: ' Jane ' })).toEqual({
      valid: true,
      normalized: { iban: 'FR7630006000011234567890189', holder: 'Jane' },
      errors: [],
    });
  });

  it.each([
    {
      values: { iban: undefined },
      field: 'iban',
      code: 'required',
      fr: 'IBAN du compte est obligatoire : saisissez une valeur',
      en: 'Account IBAN is required: write a value',
    },
    {
      values: { holder: '   ' },
      field: 'holder',
      code: 'required',
      fr: 'holder est obligatoire : saisissez une valeur',
      en: 'holder is required: write a value, not an empty text',
    },
    {
      values: { holder: 'Jane Doe Smith' },
      field: 'holder',
      code: 'max_length',
      fr: 'trop long : 10 caractères au plus après normalisation (trim), cette valeur en a 14 ; supprimez les caractères en trop',
      en: 'too long: at most 10 characters after normalization (trim), this value has 14; remove the extra characters',
    },
    {
      values: { note: 'x'.repeat(1025) },
      field: 'note',
      code: 'max_length',
      fr: 'trop long : 1024 caractères au plus, cette valeur en a 1025 ; supprimez les caractères en trop',
      en: 'too long: at most 1024 characters, this value has 1025; remove the extra characters',
    },
    {
      values: { reference: 'ab' },
      field: 'reference',
      code: 'pattern',
      fr: 'format inattendu : Trois capitales (la valeur doit correspondre à ^[A-Z]{3}$)',
      en: 'not in the expected format: Three capitals (the value must match ^[A-Z]{3}$)',
    },
    {
      values: { code: 'x' },
      field: 'code',
      code: 'pattern',
      fr: 'format inattendu (la valeur doit correspondre à ^[0-9]+$)',
      en: 'not in the expected format (the value must match ^[0-9]+$)',
    },
    {
      values: { broken: 'a' },
      field: 'broken',
      code: 'pattern',
      fr: 'le motif de ce champ ne compile pas (Unterminated character class), aucune valeur ne peut donc être acceptée : le rail est mal configuré',
      en: "this field's pattern does not compile (Unterminated character class), so no value can be accepted: the rail is misconfigured",
    },
    {
      values: { accountType: 'checking' },
      field: 'accountType',
      code: 'option',
      fr: `ce n'est pas l'un des choix : écrivez l'une des valeurs "CHECKING", "SAVINGS"`,
      en: 'not one of the choices: write one of "CHECKING", "SAVINGS"',
    },
    {
      values: { empty: 'x' },
      field: 'empty',
      code: 'option',
      fr: "ce champ de choix n'a aucune option : le rail est mal configuré",
      en: 'this select field has no options to choose from; the rail is misconfigured',
    },
    {
      values: { holder: 5 },
      field: 'holder',
      code: 'type',
      fr: 'doit être un texte, pas un nombre : envoyez-le entre guillemets ("5"), car un nombre perd ses zéros initiaux',
      en: 'must be a text, not a number: send it in quotes ("5"), since a number loses its leading zeros',
    },
    {
      values: { iban: 'FR763000600001123456789018' },
      field: 'iban',
      code: 'type',
      fr: 'longueur incorrecte pour FR (27 attendus) : un IBAN de FR a 27 caractères, celui-ci en a 26 ; cherchez un caractère manquant ou en trop',
      en: 'wrong length for FR (expected 27): an IBAN of FR has 27 characters, this one has 26; check for a missing or extra character',
    },
    {
      values: { iban: 'FR7630006000011234567890188' },
      field: 'iban',
      code: 'checksum',
      fr: "clé de contrôle incorrecte : les chiffres de contrôle 76 ne correspondent pas au reste de l'IBAN (mod 97), un caractère est donc mal saisi ; recopiez l'IBAN depuis le relevé bancaire",
      en: 'bad checksum: the check digits 76 do not match the rest of the IBAN (mod 97), so a character is mistyped; copy the IBAN again from the bank statement',
    },
    {
      values: { email: 'jane at example.com' },
      field: 'email',
      code: 'type',
      fr: "ce n'est pas une adresse e-mail : écrivez une seule adresse comme nom@exemple.fr, sans espaces ni chevrons",
      en: 'not an e-mail address: write one address like name@example.com, without spaces, names or angle brackets',
    },
    {
      values: { phone: '0712345678' },
      field: 'phone',
      code: 'type',
      fr: "ce n'est pas un numéro international au format E.164 : + puis l'indicatif du pays et 7 à 15 chiffres, sans espaces (+254712345678)",
      en: 'not a phone number in international E.164 form: start with + and the country code (+254712345678)',
    },
    {
      values: { routing: '02100002' },
      field: 'routing',
      code: 'type',
      fr: 'un numéro de routage ABA a exactement 9 chiffres, sans espaces ni tirets (021000021) ; cette valeur a 8 caractères',
      en: 'an ABA routing number has exactly 9 digits, without spaces or dashes (021000021); this value has 8 characters',
    },
    {
      values: { routing: '021000022' },
      field: 'routing',
      code: 'checksum',
      fr: 'clé de contrôle incorrecte : un caractère est mal saisi ; recopiez la valeur depuis le relevé bancaire',
      en: 'bad checksum: the ninth digit of this ABA routing number does not match the first eight, so a digit is mistyped; copy it again from a check or the bank',
    },
    {
      values: { clabe: '00201007777777777' },
      field: 'clabe',
      code: 'type',
      fr: 'une CLABE a exactement 18 chiffres, sans espaces ni tirets (002010077777777771) ; cette valeur a 17 caractères',
      en: 'a CLABE has exactly 18 digits, without spaces or dashes (002010077777777771); this value has 17 characters',
    },
    {
      values: { clabe: '002010077777777772' },
      field: 'clabe',
      code: 'checksum',
      fr: 'clé de contrôle incorrecte : le dernier chiffre de cette CLABE devrait être 1 pour les 17 chiffres qui le précèdent, un caractère est donc mal saisi ; recopiez-la depuis le relevé bancaire',
      en: 'bad checksum: the last digit of this CLABE should be 1 for the 17 digits before it, so a digit is mistyped; copy it again from the bank statement',
    },
    {
      values: { curp: 'GODE561231HDFRRN0' },
      field: 'curp',
      code: 'type',
      fr: 'une CURP a 18 caractères : 4 lettres, la date de naissance AAMMJJ, 6 lettres, puis une lettre ou un chiffre et un chiffre de contrôle (GODE561231HDFRRN00) ; cette valeur a 17 caractères',
      en: 'a CURP has 18 characters: 4 letters, the birth date YYMMDD, 6 letters, then a letter or digit and a check digit (GODE561231HDFRRN00); this value has 17 characters',
    },
    {
      values: { curp: 'GODE561231HDFRRN09' },
      field: 'curp',
      code: 'checksum',
      fr: 'clé de contrôle incorrecte : le dernier chiffre de cette CURP devrait être 0 pour les 17 caractères qui le précèdent, un caractère est donc mal saisi ; recopiez la CURP',
      en: 'bad checksum: the last digit of this CURP should be 0 for the 17 characters before it, so a character is mistyped; copy the CURP again',
    },
    {
      values: { rfc: 'GODE56123' },
      field: 'rfc',
      code: 'type',
      fr: 'un RFC a 13 caractères pour une personne, 12 pour une société : 4 (ou 3) lettres, la date AAMMJJ, puis 3 lettres ou chiffres (GODE561231GR8) ; cette valeur a 9 caractères',
      en: 'an RFC has 13 characters for a person, 12 for a company: 4 (or 3) letters, the date YYMMDD, then 3 letters or digits (GODE561231GR8, or MAB9307148T4 for a company); this value has 9 characters',
    },
    {
      values: { rfc: 'MAB9307148T5' },
      field: 'rfc',
      code: 'checksum',
      fr: 'clé de contrôle incorrecte : le dernier caractère de ce RFC devrait être 4 pour les 11 qui le précèdent, un caractère est donc mal saisi ; recopiez le RFC depuis la Constancia de Situación Fiscal',
      en: 'bad checksum: the last character of this RFC should be 4 for the 11 before it, so a character is mistyped; copy the RFC again from the Constancia de Situación Fiscal',
    },
    {
      values: { mx: 'GODE56123' },
      field: 'mx',
      code: 'type',
      fr: 'écrivez un RFC (13 caractères pour une personne, 12 pour une société : GODE561231GR8) ou une CURP (18 caractères : GODE561231HDFRRN00) ; cette valeur a 9 caractères',
      en: 'write an RFC (13 characters for a person, 12 for a company: GODE561231GR8) or a CURP (18 characters: GODE561231HDFRRN00); this value has 9 characters',
    },
    {
      values: { pix: 'joao' },
      field: 'pix',
      code: 'type',
      fr: "ce n'est pas une clé Pix : écrivez un CPF (11 chiffres), un CNPJ (14 caractères sans points, barre oblique ni tiret), une adresse e-mail, un numéro de téléphone (+5511987654321) ou une clé aléatoire (UUID en minuscules)",
      en: 'not a Pix key: write a CPF (11 digits), a CNPJ (14 characters without dots, slash or hyphen), an e-mail address, a phone number (+5511987654321) or a random key (lowercase UUID)',
    },
    {
      values: { pix: '52998224726' },
      field: 'pix',
      code: 'checksum',
      fr: 'clé de contrôle incorrecte : les deux derniers chiffres de ce CPF devraient être 25 pour les 9 qui les précèdent, un caractère est donc mal saisi ; recopiez le CPF',
      en: 'bad checksum: the last two digits of this CPF should be 25 for the 9 before them, so a digit is mistyped; copy the CPF again',
    },
  ])('says why $field is refused ($code), in French and English', ({ values, field, code, fr, en }) => {
    const result = checkBeneficiary(rail, { ...good, ...values });
    expect(result.valid).toBe(false);
    const help = rail.fields.find((f) => f.name === field)?.help;
    expect(result.errors).toEqual([help ? { field, code, message: { fr, en }, help } : { field, code, message: { fr, en } }]);
  });

  it.each([
    {
      name: 'a near miss, with a suggestion',
      key: 'ibn',
      fr: 'champ inconnu "ibn" : ce rail accepte iban, holder ; vouliez-vous dire "iban" ?',
      en: 'unknown field "ibn": this rail takes iban, holder; did you mean "iban"?',
    },
    {
      name: 'no near field',
      key: 'swift',
      fr: 'champ inconnu "swift" : ce rail accepte iban, holder',
      en: 'unknown field "swift": this rail takes iban, holder',
    },
    {
      name: 'a key of 65 characters, cut at 64 and without a suggestion',
      key: `iban${'x'.repeat(61)}`,
      fr: `champ inconnu "iban${'x'.repeat(60)}"… : ce rail accepte iban, holder`,
      en: `unknown field "iban${'x'.repeat(60)}"…: this rail takes iban, holder`,
    },
    {
      name: 'a key of 64 characters, whole, with its suggestion',
      key: `holder${'x'.repeat(58)}`,
      fr: `champ inconnu "holder${'x'.repeat(58)}" : ce rail accepte iban, holder ; vouliez-vous dire "holder" ?`,
      en: `unknown field "holder${'x'.repeat(58)}": this rail takes iban, holder; did you mean "holder"?`,
    },
  ])('names an unknown field ($name) in French and English', ({ key, fr, en }) => {
    const small = { fields: rail.fields.slice(0, 2) };
    expect(checkBeneficiary(small, { ...good, [key]: 'x' }).errors).toEqual([{ field: key, code: 'unknown_field', message: { fr, en } }]);
  });

  it('says that a rail without fields takes none', () => {
    expect(checkBeneficiary({ fields: [] }, { a: 'x' }).errors).toEqual([
      {
        field: 'a',
        code: 'unknown_field',
        message: { fr: 'champ inconnu "a" : ce rail n\'accepte aucun champ', en: 'unknown field "a": this rail takes no fields' },
      },
    ]);
  });

  it('shows the first 20 options of a long select in both languages, and only the options that are texts', () => {
    const options = [null, { value: 1 }, ...Array.from({ length: 21 }, (_, i) => ({ value: `O${i}` }))];
    const select = { fields: [{ name: 'bank', type: 'select', required: true, options } as unknown as SeedField] };
    const shown = Array.from({ length: 20 }, (_, i) => `"O${i}"`).join(', ');
    expect(checkBeneficiary(select, { bank: 'x' }).errors[0].message).toEqual({
      fr: `ce n'est pas l'un des choix : écrivez l'une des valeurs ${shown}, … (21 en tout)`,
      en: `not one of the choices: write one of ${shown}, … (21 in all)`,
    });
    const twenty = { fields: [{ ...select.fields[0], options: options.slice(0, 22) } as unknown as SeedField] };
    expect(checkBeneficiary(twenty, { bank: 'x' }).errors[0].message.fr).toBe(`ce n'est pas l'un des choix : écrivez l'une des valeurs ${shown}`);
  });

  it.each(['nope', 'toString'])('says that a field of the unknown type %s is misconfigured, in French too', (type) => {
    const odd = { fields: [{ name: 'legacy', type, required: false } as unknown as SeedField] };
    expect(checkBeneficiary(odd, { legacy: 'x' }).errors).toEqual([
      {
        field: 'legacy',
        code: 'type',
        message: {
          fr: `ce champ a un type inconnu "${type}" : le rail est mal configuré`,
          en: `this field has an unknown type "${type}": the rail is misconfigured`,
        },
      },
    ]);
  });

  it('skips fields that are not objects, and takes a rail without a list of fields as having none', () => {
    const odd = { fields: [null, 1, 'x', { name: 'a', type: 'text', required: false }] as unknown as SeedField[] };
    expect(checkBeneficiary(odd, { b: 'v' }).errors[0].message).toEqual({
      fr: 'champ inconnu "b" : ce rail accepte a ; vouliez-vous dire "a" ?',
      en: 'unknown field "b": this rail takes a; did you mean "a"?',
    });
    for (const r of [null, { fields: 'x' }]) {
      expect(checkBeneficiary(r as unknown as { fields: SeedField[] }, { a: 'v' }).errors[0].message).toEqual({
        fr: 'champ inconnu "a" : ce rail n\'accepte aucun champ',
        en: 'unknown field "a": this rail takes no fields',
      });
    }
  });

  it('says that a select whose options are not a list has none, in French too', () => {
    const odd = { fields: [{ name: 's', type: 'select', required: true, options: 'CHECKING' } as unknown as SeedField] };
    expect(checkBeneficiary(odd, { s: 'CHECKING' }).errors[0].message).toEqual({
      fr: "ce champ de choix n'a aucune option : le rail est mal configuré",
      en: 'this select field has no options to choose from; the rail is misconfigured',
    });
  });

  it('says in both languages that values which cannot be read are refused', () => {
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no');
        },
      },
    );
    expect(checkBeneficiary(rail, hostile)).toEqual({
      valid: false,
      normalized: {},
      errors: [
        {
          field: '',
          code: 'type',
          message: {
            fr: 'les valeurs sont illisibles : envoyez un objet JSON qui associe à chaque nom de champ un texte',
            en: 'the values could not be read: send a JSON object of field name to text',
          },
        },
      ],
    });
  });
});

describe('checkBeneficiary on a field whose format depends on a choice', () => {
  const keyType: SeedField = {
    name: 'keyType',
    label: { fr: 'Type de clé', en: 'Key type' },
    type: 'select',
    required: true,
    options: [
      { value: 'cpf', label: { fr: 'CPF (personne)', en: 'CPF (person)' } },
      { value: 'evp', label: { en: 'Random key' } as unknown as { fr: string; en: string } },
    ],
  };
  const key: SeedField = {
    name: 'key',
    label: { fr: 'Clé', en: 'Key' },
    type: 'text',
    required: false,
    dependsOn: {
      field: 'keyType',
      variants: [
        { when: ['cpf'], required: true, pattern: '^[0-9]{11}$', help: { fr: '11 chiffres', en: '11 digits' } },
        { when: ['evp'], maxLength: 4 },
      ],
    },
  };
  const kind: SeedField = {
    name: 'kind',
    type: 'text',
    required: false,
    help: { fr: 'Aide du type', en: 'Kind help' },
    dependsOn: {
      field: 'keyType',
      variants: [
        { when: ['cpf'], applies: false },
        { when: ['mail'], type: 'email', required: true },
        { when: ['fr'], required: true },
      ],
    },
  };
  const dependent = { fields: [keyType, key] };
  const withKind = {
    fields: [{ ...keyType, options: [...keyType.options!, { value: 'mail' }, { value: 'fr', label: { fr: 'Français' } }] } as unknown as SeedField, key, kind],
  };

  it('names the choice by its value when the option has no label, or no label in the language', () => {
    expect(checkBeneficiary(withKind, { keyType: 'mail', kind: 'x' }).errors).toEqual([
      {
        field: 'kind',
        code: 'type',
        message: {
          fr: "ce n'est pas une adresse e-mail : écrivez une seule adresse comme nom@exemple.fr, sans espaces ni chevrons",
          en: 'not an e-mail address: write one address like name@example.com, without spaces, names or angle brackets',
        },
        help: { fr: 'Aide du type', en: 'Kind help' },
      },
    ]);
    expect(checkBeneficiary(withKind, { keyType: 'mail' }).errors[0].message).toEqual({
      fr: 'avec Type de clé mail : kind est obligatoire : saisissez une valeur',
      en: 'with Key type mail: kind is required: write a value',
    });
    expect(checkBeneficiary(withKind, { keyType: 'fr' }).errors).toEqual([
      {
        field: 'kind',
        code: 'required',
        message: { fr: 'avec Type de clé Français : kind est obligatoire : saisissez une valeur', en: 'with Key type fr: kind is required: write a value' },
        help: { fr: 'Aide du type', en: 'Kind help' },
      },
    ]);
  });

  it("refuses a value for a field that does not apply, with the field's help, and takes null as no value", () => {
    expect(checkBeneficiary(withKind, { keyType: 'cpf', key: '52998224725', kind: 'x' }).errors).toEqual([
      {
        field: 'kind',
        code: 'not_applicable',
        message: {
          fr: "kind ne s'applique pas avec Type de clé CPF (personne) : laissez-le vide, ou faites un autre choix pour Type de clé",
          en: 'kind does not apply with Key type CPF (person): leave it empty, or choose another Key type',
        },
        help: { fr: 'Aide du type', en: 'Kind help' },
      },
    ]);
    expect(checkBeneficiary(withKind, { keyType: 'cpf', key: '52998224725', kind: null })).toEqual({
      valid: true,
      normalized: { keyType: 'cpf', key: '52998224725' },
      errors: [],
    });
  });

  it.each([
    ['null', null],
    ['a list with the properties of values', Object.assign(['x'], { keyType: 'cpf', key: '1' })],
  ])('takes values that are not an object (%s) as no values, in French too', (_, values) => {
    const keyRequired = { fields: [keyType, { ...key, required: true }] };
    expect(checkBeneficiary(keyRequired, values as unknown as Record<string, unknown>).errors.map((e) => e.message)).toEqual([
      { fr: 'Type de clé est obligatoire : choisissez l\'une des valeurs "cpf", "evp"', en: 'Key type is required: choose one of "cpf", "evp"' },
      { fr: 'Clé est obligatoire : saisissez une valeur', en: 'Key is required: write a value' },
    ]);
  });

  it.each([
    {
      values: { keyType: 'cpf' },
      code: 'required',
      fr: 'avec Type de clé CPF (personne) : Clé est obligatoire : saisissez une valeur',
      en: 'with Key type CPF (person): Key is required: write a value',
    },
    {
      values: { keyType: 'cpf', key: '123' },
      code: 'pattern',
      fr: 'avec Type de clé CPF (personne) : format inattendu : 11 chiffres (la valeur doit correspondre à ^[0-9]{11}$)',
      en: 'with Key type CPF (person): not in the expected format: 11 digits (the value must match ^[0-9]{11}$)',
    },
    {
      values: { keyType: 'evp', key: '12345' },
      code: 'max_length',
      fr: 'avec Type de clé evp : trop long : 4 caractères au plus, cette valeur en a 5 ; supprimez les caractères en trop',
      en: 'with Key type Random key: too long: at most 4 characters, this value has 5; remove the extra characters',
    },
  ])('names the choice before the $code message in both languages (the value when the option has no French label)', ({ values, code, fr, en }) => {
    expect(checkBeneficiary(dependent, values).errors).toEqual([
      { field: 'key', code, message: { fr, en }, ...(code === 'pattern' || code === 'required' ? { help: { fr: '11 chiffres', en: '11 digits' } } : {}) },
    ]);
  });
});
