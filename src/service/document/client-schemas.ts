import { readSchema } from '../../model/schemas.js';

/** Schemas of the client-kit endpoints (OpenAPI components; the SDK's types are generated from them). */
export const clientSchemas = {
  LocalizedText: {
    title: 'LocalizedText',
    type: 'object',
    properties: { fr: { type: 'string', description: 'French.' }, en: { type: 'string', description: 'English.' } },
    required: ['fr', 'en'],
    additionalProperties: false,
  },
  BeneficiaryCheckRequest: {
    title: 'BeneficiaryCheckRequest',
    description: 'The values of a beneficiary, by field name. Values are texts; anything else is refused by field (code type).',
    type: 'object',
    properties: { values: { type: 'object', additionalProperties: true, description: 'Field name to value.' } },
    required: ['values'],
    additionalProperties: false,
  },
  BeneficiaryCheckError: {
    title: 'BeneficiaryCheckError',
    type: 'object',
    properties: {
      field: { type: 'string', description: 'The field, or the unknown name sent.' },
      code: {
        type: 'string',
        enum: ['required', 'type', 'max_length', 'pattern', 'option', 'checksum', 'not_applicable', 'unknown_field'],
        description:
          'Why the value is refused; stable. not_applicable: a value for a field that does not apply to the option chosen in the select it depends on (dependsOn).',
      },
      message: { $ref: '#/components/schemas/LocalizedText', description: 'What is wrong and what to write instead.' },
      help: {
        $ref: '#/components/schemas/LocalizedText',
        description: "The field's help, when it has one: show it beside the message. For a dependent field, the help of the chosen option's format.",
      },
    },
    required: ['field', 'code', 'message'],
    additionalProperties: false,
  },
  BeneficiaryCheck: {
    title: 'BeneficiaryCheck',
    description:
      'The authoritative verdict on a beneficiary (contract 2.3): normalization first, then required, maxLength, pattern and the type check of each field, a dependent field (dependsOn) as its format stands for the option chosen in the select it depends on; unknown fields refused.',
    type: 'object',
    properties: {
      valid: { type: 'boolean', description: 'True exactly when errors is empty.' },
      normalized: {
        type: 'object',
        additionalProperties: { type: 'string' },
        description: 'Normalized values of the fields that passed; send these with the payout.',
      },
      errors: { type: 'array', items: { $ref: '#/components/schemas/BeneficiaryCheckError' }, description: "In the rail's field order, then unknown fields." },
    },
    required: ['valid', 'normalized', 'errors'],
    additionalProperties: false,
  },
  // The seed's own meta schema (schemas/seed.schema.json), not a second copy of it.
  CatalogMeta: { title: 'CatalogMeta', ...(readSchema('seed.schema.json').properties as Record<string, object>).meta },
  Catalog: {
    title: 'Catalog',
    description: 'The whole catalog of one seed version: the seed as catalog build wrote it.',
    type: 'object',
    properties: {
      meta: { $ref: '#/components/schemas/CatalogMeta' },
      rails: { type: 'array', items: { $ref: '#/components/schemas/rail' }, description: 'Sorted by id.' },
      assets: { type: 'array', items: { $ref: '#/components/schemas/asset' }, description: 'Sorted by id.' },
      countries: { type: 'array', items: { $ref: '#/components/schemas/country' }, description: 'Sorted by code.' },
    },
    required: ['meta', 'rails', 'assets', 'countries'],
    additionalProperties: false,
  },
  ValueChange: {
    title: 'ValueChange',
    type: 'object',
    properties: {
      pointer: { type: 'string', description: 'JSON pointer into the entry (items of fields and options matched by name / value).' },
      label: { type: 'string', description: 'The pointer in words: fields[iban].pattern, limits.maxMinor.' },
      before: { description: 'The value before; null when there was none.' },
      after: { description: 'The value now; null when there is none.' },
    },
    required: ['pointer', 'label', 'before', 'after'],
    additionalProperties: false,
  },
  ChangeEntry: {
    title: 'ChangeEntry',
    description: 'One entry that differs between two catalog versions, classified by the comparison catalog diff runs.',
    type: 'object',
    properties: {
      catalog: { type: 'string', enum: ['rails', 'assets', 'countries'] },
      id: { type: 'string', description: 'Rail or asset id, country code.' },
      change: { type: 'string', enum: ['added', 'changed', 'removed'] },
      breaking: { type: 'boolean', description: 'True when a client that worked with the old version can break.' },
      breakingReasons: { type: 'array', items: { type: 'string' }, description: 'Why, one reason per breaking change.' },
      changes: { type: 'array', items: { $ref: '#/components/schemas/ValueChange' }, description: 'Changed values; empty for added and removed entries.' },
      transition: {
        description: 'phase (rails, assets) or status (countries) transition, or null.',
        oneOf: [
          { type: 'null' },
          {
            type: 'object',
            properties: {
              property: { type: 'string', enum: ['phase', 'status'] },
              from: { type: ['string', 'null'] },
              to: { type: ['string', 'null'] },
            },
            required: ['property', 'from', 'to'],
            additionalProperties: false,
          },
        ],
      },
      closed: { type: 'boolean', description: 'The change closes the entry: a rail or asset now in phase never, a country now restricted.' },
    },
    required: ['catalog', 'id', 'change', 'breaking', 'breakingReasons', 'changes', 'transition', 'closed'],
    additionalProperties: false,
  },
  ChangeList: {
    title: 'ChangeList',
    description: 'The list envelope (contract 2.1) of the changes feed.',
    type: 'object',
    properties: {
      data: { type: 'array', items: { $ref: '#/components/schemas/ChangeEntry' } },
      next_cursor: { type: ['string', 'null'], description: 'Opaque cursor of the next page; null exactly when no entry follows.' },
    },
    required: ['data', 'next_cursor'],
    additionalProperties: false,
  },
} as const;
