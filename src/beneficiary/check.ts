import type { LocalizedText, SeedField } from '../generated/types.js';
import { render } from './messages/index.js';
import { saidOf, validateBeneficiary, type BeneficiaryErrorCode } from './validate.js';

/** One rejected value as the API and the SDK give it: the message in French and English, and the field's help. */
interface BeneficiaryCheckError {
  field: string;
  code: BeneficiaryErrorCode;
  message: LocalizedText;
  help?: LocalizedText;
}

/** The answer of POST /api/v1/rails/{id}/beneficiary-checks, and of the SDK's offline validateBeneficiary. */
export interface BeneficiaryCheck {
  valid: boolean;
  /** Normalized values of the fields that passed (absent optional fields left out). */
  normalized: Record<string, string>;
  errors: BeneficiaryCheckError[];
}

/**
 * Validates a beneficiary exactly as validateBeneficiary does (the same normalization, checks and codes: the function
 * the examples rule runs) and gives the result in the API's shape, messages in French and English, both rendered from the message catalogs (./messages). Pure; runs in the
 * service, in the SDK (bundled from this very file) and in a browser.
 */
export function checkBeneficiary(rail: { fields: SeedField[] }, values: Record<string, unknown>): BeneficiaryCheck {
  const result = validateBeneficiary(rail, values);
  const errors = result.errors.map((error): BeneficiaryCheckError => {
    // Every error the validator gives carries its message by id: French is the same message in the French catalog.
    const said = saidOf(error);
    const fr = said ? render('fr', said) : error.message;
    const out: BeneficiaryCheckError = { field: error.field, code: error.code, message: { fr, en: error.message } };
    if (error.help) out.help = { fr: error.help.fr, en: error.help.en };
    return out;
  });
  return { valid: result.valid, normalized: result.values, errors };
}
