import type { Rule, RuleMeta } from './define.js';
import { CHARACTERS_MESSAGES, SCHEMA_MESSAGES, YAML_SYNTAX_MESSAGES } from '../model/core-messages.js';
import fileName from './file-name.js';
import duplicateId from './duplicate-id.js';
import isoCountry from './iso-country.js';
import isoCurrency from './iso-currency.js';
import minorUnits from './minor-units.js';
import verifiedAt from './verified-at.js';
import staleVerification from './stale-verification.js';
import closedReason from './closed-reason.js';
import reference from './reference.js';
import settlement from './settlement.js';
import countryCurrency from './country-currency.js';
import railCurrency from './rail-currency.js';
import patternSyntax from './pattern-syntax.js';
import patternRedos from './pattern-redos.js';
import patternExamples from './pattern-examples.js';
import patternAnchors from './pattern-anchors.js';
import patternPortable from './pattern-portable.js';
import fieldOptions from './field-options.js';
import duplicateField from './duplicate-field.js';
import dependentFields from './dependent-fields.js';
import removedEntry from './removed-entry.js';
import unverifiedChange from './unverified-change.js';
import slugMatchesId from './slug-matches-id.js';
import duplicateName from './duplicate-name.js';
import countryPolicy from './country-policy.js';
import sources from './sources.js';
import sourceAge from './source-age.js';
import sourceHomePage from './source-home-page.js';
import placeholder from './placeholder.js';
import provenancePointer from './provenance-pointer.js';
import factProvenance from './fact-provenance.js';

/** Checks done by the core itself, listed here so that every rule id is documented in one place. */
export const coreRules = {
  'yaml-syntax': {
    id: 'yaml-syntax',
    severity: 'error',
    description:
      'The file is one YAML 1.2 document holding a mapping: no syntax error, duplicate key, tab indentation, second document, undefined alias, alias bomb, key that is not text, nesting over 64 levels or file over 256 KB; one message for the first syntax error, saying what to write.',
    messages: YAML_SYNTAX_MESSAGES,
  },
  characters: {
    id: 'characters',
    severity: 'error',
    description:
      'The file is valid UTF-8 and holds no control character (tab and line breaks aside), no bidirectional control (Trojan Source) and no invisible character; a byte-order mark only as the first character.',
    messages: CHARACTERS_MESSAGES,
  },
  schema: {
    id: 'schema',
    severity: 'error',
    fixable: true,
    description: 'The entry matches its JSON Schema in schemas/: required properties, types, allowed values, formats and shapes.',
    messages: SCHEMA_MESSAGES,
  },
} satisfies Record<string, RuleMeta>;

/** The rule registry: rule id → rule. A test fails when a rule file is not registered here or has no test. */
export const rules = {
  'file-name': fileName,
  'duplicate-id': duplicateId,
  'iso-country': isoCountry,
  'iso-currency': isoCurrency,
  'minor-units': minorUnits,
  'verified-at': verifiedAt,
  'stale-verification': staleVerification,
  'closed-reason': closedReason,
  reference: reference,
  settlement: settlement,
  'country-currency': countryCurrency,
  'rail-currency': railCurrency,
  'pattern-syntax': patternSyntax,
  'pattern-redos': patternRedos,
  'pattern-examples': patternExamples,
  'pattern-anchors': patternAnchors,
  'pattern-portable': patternPortable,
  'field-options': fieldOptions,
  'duplicate-field': duplicateField,
  'dependent-fields': dependentFields,
  'removed-entry': removedEntry,
  'unverified-change': unverifiedChange,
  'slug-matches-id': slugMatchesId,
  'duplicate-name': duplicateName,
  'country-policy': countryPolicy,
  sources: sources,
  'source-age': sourceAge,
  'source-home-page': sourceHomePage,
  placeholder,
  'provenance-pointer': provenancePointer,
  'fact-provenance': factProvenance,
} satisfies Record<string, Rule>;

/** Every rule's metadata, core checks first, in a stable order. */
export function allRuleMeta(): RuleMeta[] {
  return [...Object.values(coreRules), ...Object.values(rules).map(({ id, severity, description, messages }) => ({ id, severity, description, messages }))];
}
