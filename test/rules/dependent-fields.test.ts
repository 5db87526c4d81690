import { describe, expect, it } from 'vitest';
import { problemsOf, RAIL_BR_PIX, validateFiles, VALID } from '../helpers/catalog.js';

/** BR-pix with a key type (select), a key that depends on it, a bank code that applies to one type only, and a select after them. */
const FIELDS = [
  'fields:', // 19
  '  - name: keyType', // 20
  '    label: { fr: Type de clé, en: Key type }', // 21
  '    type: select', // 22
  '    required: true', // 23
  '    options:', // 24
  '      - { value: cpf, label: { fr: CPF, en: CPF } }', // 25
  '      - { value: email, label: { fr: E-mail, en: E-mail } }', // 26
  '  - name: key', // 27
  '    label: { fr: Clé, en: Key }', // 28
  '    type: text', // 29
  '    required: true', // 30
  "    pattern: '^(?:[0-9]{11}|[a-z.]+@[a-z]+\\.[a-z]+)$'", // 31
  '    maxLength: 40', // 32
  '    examples: ["52998224725"]', // 33
  '    dependsOn:', // 34
  '      field: keyType', // 35
  '      variants:', // 36
  '        - when: [cpf]', // 37
  "          pattern: '^[0-9]{11}$'", // 38
  '          maxLength: 11', // 39
  '          examples: ["52998224725"]', // 40
  '          counterexamples: ["jo@example.com"]', // 41
  '        - when: [email]', // 42
  "          pattern: '^[a-z.]+@[a-z]+\\.[a-z]+$'", // 43
  '          examples: ["jo.x@example.com"]', // 44
  '          counterexamples: ["52998224725"]', // 45
  '  - name: bank', // 46
  '    label: { fr: Banque, en: Bank }', // 47
  '    type: text', // 48
  '    required: false', // 49
  "    pattern: '^[0-9]{5}$'", // 50
  '    examples: ["40012"]', // 51
  '    dependsOn:', // 52
  '      field: keyType', // 53
  '      variants:', // 54
  '        - when: [cpf]', // 55
  '          applies: false', // 56
  '        - when: [email]', // 57
  '          required: true', // 58
  '  - name: mode', // 59
  '    label: { fr: Mode, en: Mode }', // 60
  '    type: select', // 61
  '    required: false', // 62
  '    options: [{ value: a, label: { fr: A, en: A } }]', // 63
];

/** The rail with lines replaced by number (line numbers stay those of FIELDS). */
function rail(edits: Record<number, string | undefined> = {}): Record<string, string> {
  const lines = FIELDS.map((line, k) => edits[19 + k] ?? line);
  const text = RAIL_BR_PIX.replace(/fields:[\s\S]*?(?=verifiedAt:)/, () => `${lines.join('\n')}\n`);
  return { 'rails/BR-pix.yaml': text };
}

async function located(files: Record<string, string>) {
  const problems = await problemsOf(files);
  // The rail must reach the rules (a schema error would make a case pass vacuously).
  expect(problems.filter((p) => p.rule === 'schema' || p.rule === 'yaml-syntax')).toEqual([]);
  return problems.filter((p) => p.rule === 'dependent-fields').map((p) => [p.rule, p.pointer, p.line, p.message]);
}

describe('dependent-fields', () => {
  it('numbers the fixture as its comments say', () => {
    expect(rail()['rails/BR-pix.yaml'].split('\n')[34]).toBe('      field: keyType');
  });

  it.each([
    { name: 'the fixture: every option has a variant, examples pass, counterexamples fail', files: rail() },
    {
      name: 'an option without a variant, with an explicit otherwise',
      files: rail({ 42: '      otherwise: {}', 43: '      # email: the key as written', 44: '      #', 45: '      #' }),
    },
    {
      name: 'an otherwise that gives a format, with examples',
      files: rail({
        42: '      otherwise:',
        43: "        pattern: '^[a-z.]+@[a-z]+\\.[a-z]+$'",
        44: '        examples: ["jo.x@example.com"]',
        45: '        counterexamples: ["52998224725"]',
      }),
    },
    { name: 'a variant that gives a stricter type to a text field', files: rail({ 43: '          type: email' }) },
    { name: 'a variant with no format of its own (required only)', files: rail({ 58: '          required: false' }) },
    { name: "a variant maxLength equal to the field's", files: rail({ 39: '          maxLength: 40' }) },
    {
      name: 'a variant type equal to the type of a field that is not text',
      files: rail({ 29: '    type: pix_key', 43: '          type: pix_key', 45: '          counterexamples: ["not a key!"]' }),
    },
  ])('accepts $name', async ({ files }) => {
    expect(await located(files)).toEqual([]);
  });

  it.each([
    {
      name: 'a field that depends on itself',
      files: rail({ 35: '      field: key' }),
      at: [
        [
          '/fields/1/dependsOn/field',
          35,
          "field key depends on itself: a field's format can only depend on another field's choice; write the name of a select field written before it (keyType)",
        ],
      ],
    },
    {
      name: 'a controlling field that does not exist',
      files: rail({ 35: '      field: keyTyp' }),
      at: [
        [
          '/fields/1/dependsOn/field',
          35,
          'field key depends on "keyTyp", which is not a field of this rail: write the name of a select field written before it (keyType); did you mean "keyType"?',
        ],
      ],
    },
    {
      name: 'a controlling field that is not a select',
      files: rail({ 53: '      field: key' }),
      at: [
        [
          '/fields/2/dependsOn/field',
          53,
          "field bank depends on key, a field of type text: only a select field's choice can decide a format (its options are the cases); write the name of a select field written before it (keyType)",
        ],
      ],
    },
    {
      name: 'a controlling select written after the field',
      files: rail({ 35: '      field: mode' }),
      at: [
        [
          '/fields/1/dependsOn/field',
          35,
          'field key depends on mode, which comes after it: move mode before key, so that a form shows the choice before the field it decides',
        ],
      ],
    },
    {
      name: 'a circular dependency (and a chain through it)',
      files: rail({ 21: '    dependsOn: { field: key, variants: [{ when: [cpf] }] }' }),
      at: [
        [
          '/fields/0/dependsOn/field',
          21,
          "field keyType depends on key, a field of type text: only a select field's choice can decide a format (its options are the cases); add a select field before it, with one option per format",
        ],
        [
          '/fields/1/dependsOn/field',
          35,
          'fields key and keyType depend on each other (a circular dependency): make keyType a plain select (remove its dependsOn) and let key depend on it',
        ],
        [
          '/fields/2/dependsOn/field',
          53,
          'field bank depends on keyType, which itself depends on key: dependencies are one level deep, so that a client resolves each field with one lookup; make bank depend on a select that depends on nothing',
        ],
      ],
    },
    {
      name: 'a variant naming an option that does not exist (the option left uncovered)',
      files: rail({ 42: '        - when: [emial]' }),
      at: [
        [
          '/fields/1/dependsOn',
          35,
          'option "email" of keyType has no variant for field key: add a variant with when: [email], or otherwise: {} to keep the field as written for it',
        ],
        ['/fields/1/dependsOn/variants/1/when/0', 42, '"emial" is not an option of keyType: write one of "cpf", "email"; did you mean "email"?'],
      ],
    },
    {
      name: 'an option named by two variants',
      files: rail({ 42: '        - when: [email, cpf]' }),
      at: [
        [
          '/fields/1/dependsOn/variants/1/when/1',
          42,
          'option "cpf" of keyType is already named by variant 1 of field key: name each option in one variant only',
        ],
      ],
    },
    {
      name: 'an option with no variant and no otherwise',
      files: rail({ 42: '      # no variant for email', 43: '      #', 44: '      #', 45: '      #' }),
      at: [
        [
          '/fields/1/dependsOn',
          35,
          'option "email" of keyType has no variant for field key: add a variant with when: [email], or otherwise: {} to keep the field as written for it',
        ],
      ],
    },
    {
      name: 'an otherwise that no option uses',
      files: rail({ 45: '      otherwise: {}' }),
      at: [['/fields/1/dependsOn/otherwise', 45, 'every option of keyType has a variant, so otherwise is never used: remove it']],
    },
    {
      name: 'a variant example that fails the variant',
      files: rail({ 40: '          examples: ["5299822472"]' }),
      at: [
        [
          '/fields/1/dependsOn/variants/0/examples/0',
          40,
          'example "5299822472" fails the validation of field key with keyType cpf (pattern): not in the expected format (the value must match ^[0-9]{11}$); fix the example, or the field if the example is right',
        ],
      ],
    },
    {
      name: 'a variant counterexample that passes the variant',
      files: rail({ 41: '          counterexamples: ["12345678901"]' }),
      at: [
        [
          '/fields/1/dependsOn/variants/0/counterexamples/0',
          41,
          'counterexample "12345678901" passes the validation of field key with keyType cpf: tighten the pattern so that it rejects it, or remove the counterexample',
        ],
      ],
    },
    {
      name: 'a variant example that the field as written (the union) refuses',
      files: rail({ 31: "    pattern: '^(?:[0-9]{11}|[a-z]+@[a-z]+\\.[a-z]+)$'" }),
      at: [
        [
          '/fields/1/dependsOn/variants/1/examples/0',
          44,
          "example \"jo.x@example.com\" passes field key with keyType email but fails the field's own validation (pattern: not in the expected format (the value must match ^(?:[0-9]{11}|[a-z]+@[a-z]+\\.[a-z]+)$)), which a client that knows only the contract's fields applies to every choice: widen the field's own pattern, maxLength or type so that it accepts every variant's values",
        ],
      ],
    },
    {
      name: 'a variant with a pattern and no examples',
      files: rail({ 44: '          # no examples' }),
      at: [
        [
          '/fields/1/dependsOn/variants/1',
          42,
          'field key with keyType email gives a pattern but no examples: add examples: ["..."] with at least one real value of this kind (and counterexamples: ["..."] with values it must reject)',
        ],
      ],
    },
    {
      name: "a variant maxLength over the field's",
      files: rail({ 39: '          maxLength: 50' }),
      at: [
        [
          '/fields/1/dependsOn/variants/0/maxLength',
          39,
          "maxLength 50 is more than the field's own 40, which a client of the contract's fields applies to every choice: write at most 40, or raise the field's",
        ],
      ],
    },
    {
      name: 'a variant type on a field that is not text',
      files: rail({ 29: '    type: pix_key', 43: '          type: email' }),
      at: [
        [
          '/fields/1/dependsOn/variants/1/type',
          43,
          "field key has type pix_key, whose own check a client of the contract's fields applies to every choice: a variant can change the type only of a text field; write type: text on the field (with a pattern that accepts every variant's values), or remove this type",
        ],
      ],
    },
    {
      name: 'a variant that makes the field a select',
      files: rail({ 43: '          type: select' }),
      at: [
        [
          '/fields/1/dependsOn/variants/1/type',
          43,
          'a variant cannot make field key a select (its options would depend on a choice): give it a pattern instead',
        ],
      ],
    },
    {
      name: 'a required field that does not apply to an option',
      files: rail({ 49: '    required: true' }),
      at: [
        [
          '/fields/2/dependsOn/variants/0/applies',
          56,
          "field bank is required: true, so a client that knows only the contract's fields demands it for every choice: write required: false on the field, and required: true on the variants that need it",
        ],
      ],
    },
    {
      name: 'a required field made optional by a variant',
      files: rail({ 30: '    required: true', 49: '    required: true', 56: '          required: false' }),
      at: [
        [
          '/fields/2/dependsOn/variants/0/required',
          56,
          "field bank is required: true, so a client that knows only the contract's fields demands it for every choice: write required: false on the field, and required: true on the variants that need it",
        ],
      ],
    },
    {
      name: 'a variant where the field does not apply, with a format',
      files: rail({ 55: "        - { when: [cpf], applies: false, pattern: '^[0-9]{5}$' }", 56: '          # a format where the field does not apply' }),
      at: [
        [
          '/fields/2/dependsOn/variants/0/pattern',
          55,
          'this variant says the field does not apply (applies: false), so it takes no value and needs no pattern: remove it',
        ],
      ],
    },
    {
      name: 'two options without a variant (and one for another field)',
      files: rail({
        24: '    options: [{ value: cpf, label: { fr: CPF, en: CPF } }, { value: email, label: { fr: E-mail, en: E-mail } }, { value: phone, label: { fr: Tél, en: Phone } }]',
        25: '    # the options on one line',
        26: '    #',
        42: '      # no variant for email nor phone',
        43: '      #',
        44: '      #',
        45: '      #',
      }),
      at: [
        [
          '/fields/1/dependsOn',
          35,
          'options "email", "phone" of keyType have no variant for field key: add a variant with when: [email, phone], or otherwise: {} to keep the field as written for them',
        ],
        [
          '/fields/2/dependsOn',
          53,
          'option "phone" of keyType has no variant for field bank: add a variant with when: [phone], or otherwise: {} to keep the field as written for it',
        ],
      ],
    },
    {
      name: 'a variant where the field does not apply, with two things it needs not',
      files: rail({
        55: `        - { when: [cpf], applies: false, pattern: '^[0-9]{5}$', examples: ["12345"] }`,
        56: '          # a format where the field does not apply',
      }),
      at: [
        [
          '/fields/2/dependsOn/variants/0/pattern',
          55,
          'this variant says the field does not apply (applies: false), so it takes no value and needs no pattern, examples: remove them',
        ],
      ],
    },
    {
      name: 'a variant with a type and no examples',
      files: rail({ 43: '          type: email', 44: '          # no examples' }),
      at: [
        [
          '/fields/1/dependsOn/variants/1',
          42,
          'field key with keyType email gives type email but no examples: add examples: ["..."] with at least one real value of this kind (and counterexamples: ["..."] with values it must reject)',
        ],
      ],
    },
    {
      name: 'an otherwise whose example fails it',
      files: rail({
        42: '      otherwise:',
        43: "        pattern: '^[a-z.]+@[a-z]+\\.[a-z]+$'",
        44: '        examples: ["jo.x@example"]',
        45: '        counterexamples: ["52998224725"]',
      }),
      at: [
        [
          '/fields/1/dependsOn/otherwise/examples/0',
          44,
          'example "jo.x@example" fails the validation of field key with keyType the other options (pattern): not in the expected format (the value must match ^[a-z.]+@[a-z]+\\.[a-z]+$); fix the example, or the field if the example is right',
        ],
      ],
    },
    {
      name: 'a variant example that fails the variant, with no counterexamples',
      files: rail({ 40: '          examples: ["5299822472"]', 41: '          # no counterexamples' }),
      at: [
        [
          '/fields/1/dependsOn/variants/0/examples/0',
          40,
          'example "5299822472" fails the validation of field key with keyType cpf (pattern): not in the expected format (the value must match ^[0-9]{11}$); fix the example, or the field if the example is right',
        ],
      ],
    },
    {
      name: 'a variant for two options whose example fails it',
      files: rail({ 37: '        - when: [cpf, email]', 40: '          examples: ["5299822472"]', 42: '      #', 43: '      #', 44: '      #', 45: '      #' }),
      at: [
        [
          '/fields/1/dependsOn/variants/0/examples/0',
          40,
          'example "5299822472" fails the validation of field key with keyType cpf, email (pattern): not in the expected format (the value must match ^[0-9]{11}$); fix the example, or the field if the example is right',
        ],
      ],
    },
    {
      name: 'a variant without a format whose example fails the field',
      files: rail({ 58: '          examples: ["4001"]' }),
      at: [
        [
          '/fields/2/dependsOn/variants/1/examples/0',
          58,
          'example "4001" fails the validation of field bank with keyType email (pattern): not in the expected format (the value must match ^[0-9]{5}$); fix the example, or the field if the example is right',
        ],
      ],
    },
    {
      name: 'a variant without a format whose counterexample passes the field',
      files: rail({ 58: '          counterexamples: ["40012"]' }),
      at: [
        [
          '/fields/2/dependsOn/variants/1/counterexamples/0',
          58,
          'counterexample "40012" passes the validation of field bank with keyType email: tighten the pattern so that it rejects it, or remove the counterexample',
        ],
      ],
    },
  ])('reports $name, with what to do', async ({ files, at }) => {
    expect(await located(files)).toEqual(at.map(([pointer, line, message]) => ['dependent-fields', pointer, line, message]));
  });

  // Entries the schema refused reach the rules too: the rule reads what it can, and leaves the rest to the schema.
  const CPF_UNCOVERED = [
    [
      '/fields/1/dependsOn',
      35,
      'option "cpf" of keyType has no variant for field key: add a variant with when: [cpf], or otherwise: {} to keep the field as written for it',
    ],
  ];
  it.each([
    {
      name: 'a variant that is not a mapping',
      edits: { 37: '        - null', 38: '        #', 39: '        #', 40: '        #', 41: '        #' },
      found: CPF_UNCOVERED,
    },
    { name: 'a when that is not a list', edits: { 37: '        - when: cpf' }, found: CPF_UNCOVERED },
    { name: 'a when with a number', edits: { 37: '        - when: [1, cpf]' }, found: [] },
    { name: 'a controlling field that is not a name', edits: { 35: '      field: 5' }, found: [] },
  ])('reads a dependency the schema refused ($name) without crashing', async ({ edits, found }) => {
    const { report, crashed } = await validateFiles({ ...VALID, ...rail(edits) });
    expect(crashed).toEqual([]);
    expect(report.problems.filter((p) => p.rule === 'dependent-fields').map((p) => [p.pointer, p.line, p.message])).toEqual(found);
    expect(report.problems.filter((p) => p.rule === 'schema').map((p) => p.line)).toEqual([Number(Object.keys(edits)[0])]);
  });

  // The select fields a message proposes: written before the field, of type select, and depending on nothing.
  it.each([
    { name: 'a select that depends on another field and text fields', edits: {}, write: 'add a select field before it, with one option per format' },
    {
      name: 'one plain select among them',
      edits: { 21: '    label: { fr: Type de clé, en: Key type }' },
      write: 'write the name of a select field written before it (keyType)',
    },
  ])('proposes, to a field that depends on itself after $name, what to write', async ({ edits, write }) => {
    const files = rail({
      21: '    dependsOn: { field: key, variants: [{ when: [cpf] }] }',
      ...Object.fromEntries([52, 53, 54, 55, 56, 57, 58].map((n) => [n, '    # no dependsOn'])),
      63: '    options: [{ value: a, label: { fr: A, en: A } }]\n    dependsOn: { field: mode, variants: [{ when: [a] }] }',
      ...edits,
    });
    const problems = (await problemsOf(files)).filter((p) => p.rule === 'dependent-fields' && p.pointer === '/fields/3/dependsOn/field');
    expect(problems.map((p) => p.message)).toEqual([`field mode depends on itself: a field's format can only depend on another field's choice; ${write}`]);
  });
  it('reports an error', async () => {
    expect((await problemsOf(rail({ 35: '      field: key' }), 'dependent-fields')).map((p) => p.severity)).toEqual(['error']);
  });
});
