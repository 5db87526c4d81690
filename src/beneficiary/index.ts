/** Beneficiary validation, the authoritative check shared by the service, the clients and the pattern-examples rule. */
export { validateBeneficiary, checkValue, checkFieldOf, MAX_VALUE_LENGTH } from './validate.js';
export type { BeneficiaryError, BeneficiaryErrorCode, BeneficiaryValidation, ValueCheck } from './validate.js';
export { normalizers, normalize, type Normalization } from './normalize.js';
export { typeChecks, clabeCheckDigit, type FieldType, type TypeCheck, type TypeProblem } from './type-checks.js';
export { compilePattern, type CompiledPattern } from './pattern.js';
export { resolveField, applyFormat, formatFor, formatsOf, patternsOf, dependentsOf, type ResolvedField, type FieldFormat, type FormatChoice } from './dependent.js';
export { checkBeneficiary, type BeneficiaryCheck, type BeneficiaryCheckError } from './check.js';
