/**
 * The message ids of the checks the core does itself (reading and parsing a file, its characters, the schemas), with
 * the situation each one reports: docs/rules.md lists them under their rule, and `catalog rules --format json` and
 * the editor's hover show them. Rules declare their own in their `messages` (src/rules/define.ts). Ids are stable:
 * a message's wording may change, its id does not.
 */

/** yaml-syntax: the file could not be read, or is not one YAML document holding a mapping. */
export const YAML_SYNTAX_MESSAGES = {
  'unreadable-file': 'The file could not be read from the disk or the revision.',
  'too-large': 'The file is larger than a catalog file may be (256 KB); it is not read.',
  unparsable: 'YAML cannot read the file at all.',
  'too-deep': 'The YAML nests deeper than a catalog entry ever needs.',
  'empty-file': 'The file holds no entry (nothing, or only comments).',
  'not-a-mapping': 'The file holds a list or a single value instead of a mapping of fields.',
  'second-document': 'The file holds a second YAML document (after ---).',
  'tab-indentation': 'A line is indented with a tab.',
  'bad-escape': 'A backslash inside double quotes starts no escape YAML knows.',
  'unclosed-quote': 'A quote opened on a line is not closed on it.',
  'unclosed-bracket': 'A [ or { opened on a line is not closed on it.',
  'extra-bracket': 'A ] or } closes nothing.',
  'unquoted-pattern': 'A pattern is not quoted, and YAML reads part of it as its own syntax.',
  'colon-in-value': 'A value that is not quoted holds ": ".',
  'reserved-start': 'A value that is not quoted starts with a character YAML reserves.',
  'missing-space-after-colon': 'A key is followed by a colon without a space.',
  'missing-space-after-dash': 'A list item has no space after its dash.',
  'missing-colon': 'A key is followed by no colon.',
  'wrong-indentation': 'A line is not indented where its block is.',
  'list-item-in-mapping': 'A list item starts where a property of a mapping is expected.',
  'stray-text': 'A line is neither key: value nor a list item.',
  'syntax-error': 'Another syntax error, described by what the parser expected.',
  'unknown-tag': 'A value carries a tag (!name) YAML does not know.',
  'explicit-tag':
    'A value carries an explicit tag (!!timestamp, !!binary, !!set, !foo...), which changes what it is read as: catalog files hold plain values, so the tag is removed.',
  'second-yaml-directive': 'A second %YAML directive before one document.',
  'parser-warning': 'The parser read a line with a doubt (a directive or a construct it does not read).',
  'duplicate-key': 'A key appears twice in one mapping.',
  'undefined-alias': 'An alias (*name) names no anchor defined before it.',
  'alias-bomb': 'More alias expansions than a catalog file ever needs (an alias bomb).',
  'key-not-text': 'A key is a number, a boolean or null rather than a property name.',
  'complex-key': 'A key is a list, a mapping or an alias (a "? " complex key).',
  'comment-in-pattern': 'An unquoted pattern holds " #", which starts a comment and cuts the pattern.',
} as const satisfies Record<string, string>;

/** characters: the file's bytes are not UTF-8, or the text or a value holds a refused character. */
export const CHARACTERS_MESSAGES = {
  'invalid-utf8': 'A byte of the file is not part of any UTF-8 character.',
  'control-character': 'A control character (C0, DEL or C1).',
  'bidi-control': 'A bidirectional control, which changes the order in which text is displayed (Trojan Source).',
  'invisible-character': 'An invisible character (zero-width space, word joiner, line or paragraph separator).',
  'misplaced-bom': 'A byte-order mark anywhere but as the first character of the file.',
  'lone-surrogate': 'A value or key written with an escape of half a character (a lone surrogate).',
  'tab-in-text': 'A value or key holds a tab.',
  'line-break-in-text': 'A value or key holds a line break (a block scalar, or an escape).',
} as const satisfies Record<string, string>;

/** schema: the entry does not match its JSON Schema (one id by kind of mismatch, close to Ajv's keywords). */
export const SCHEMA_MESSAGES = {
  'missing-property': 'A required property is missing (Ajv keyword required).',
  'unknown-property': 'A property the schema does not know (additionalProperties).',
  'derived-rails': 'A country lists its rails, which the build derives from the rails.',
  'wrong-type': 'A value is not of the type the schema asks for (type).',
  'not-text': 'A value YAML read as a number or a boolean where the schema asks for text: it needs quotes.',
  'boolean-word': 'yes, no, on or off where the schema asks for true or false.',
  'quoted-boolean': 'A quoted "true" or "false" where the schema asks for a boolean.',
  'quoted-number': 'A quoted number where the schema asks for a number.',
  'no-value': 'A property written without a value (null).',
  'not-allowed': 'A value that is not one of the allowed values (enum).',
  'wrong-constant': 'A value other than the one the schema fixes (const).',
  blank: 'A text of spaces only.',
  'invalid-value': 'A value that does not match the pattern of its property (pattern).',
  'invalid-date': 'A date that does not exist or is not written YYYY-MM-DD (format).',
  'out-of-range': 'A number outside its range (minimum, maximum and their exclusive forms).',
  'too-short': 'A text shorter than its property allows (minLength).',
  'too-long': 'A text longer than its property allows (maxLength).',
  'too-few-items': 'A list with fewer items than its property needs (minItems).',
  'listed-twice': 'An item that appears twice in a list (uniqueItems).',
  placeholder: 'A value is still the placeholder TODO that catalog new writes, where the schema refuses it.',
  invalid: 'Any other mismatch with the schema, in the words of the schema validator.',
  'decimal-amount': 'An amount in minor units written with a decimal point.',
  'integer-literal': 'A whole number written otherwise than with digits only (exponent, sign, underscore, 0x...).',
} as const satisfies Record<string, string>;

/** file-name, as reading the catalog finds it: a file that is not an entry, or not where an entry belongs. */
export const FILE_PLACE_MESSAGES = {
  'symbolic-link': 'A symbolic link in the catalog folder; it is not read.',
  'not-regular-file': 'A path of the catalog that is not a regular file (a pipe, a socket, a device); it is not read.',
  'empty-folder': 'An empty folder where the catalog holds entry folders only.',
  misplaced: 'A file that is not in the folder of an entry kind (rails/, assets/, countries/, policies/).',
  leftover: "An editor's or a merge tool's leftover (a backup, a swap file, .orig, .rej...).",
  'hidden-file': 'A hidden file (its name starts with a dot).',
  'wrong-extension': 'A YAML file whose extension is not .yaml (.yml, .YAML...).',
  'json-file': 'A .json file where entries are YAML.',
  'no-extension': 'A file without an extension.',
  'not-yaml': 'A file with another extension, not read by the catalog.',
} as const satisfies Record<string, string>;

/** A message id of yaml-syntax. */
export type YamlSyntaxId = keyof typeof YAML_SYNTAX_MESSAGES;
/** A message id of characters. */
export type CharactersId = keyof typeof CHARACTERS_MESSAGES;
/** A message id of schema. */
export type SchemaId = keyof typeof SCHEMA_MESSAGES;
/** A message id of file-name found while reading the catalog. */
export type FilePlaceId = keyof typeof FILE_PLACE_MESSAGES;
