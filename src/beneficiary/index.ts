/** Beneficiary validation, the authoritative check shared by the service, the clients and the pattern-examples rule. */
export { validateBeneficiary, checkValue, checkFieldOf, MAX_VALUE_LENGTH } from './validate.js';
export type { BeneficiaryError, BeneficiaryErrorCode } from './validate.js';
export { resolveField, applyFormat, formatFor, formatsOf, patternsOf, dependentsOf } from './dependent.js';
export { checkBeneficiary } from './check.js';
