/**
 * What the SDK runs offline. validateBeneficiary is the service's own module (src/beneficiary/check.ts, which runs
 * validateBeneficiary, the function of the catalog validator's examples rule), bundled into the SDK by esbuild at
 * build time: one source, not a copy. The six-month rule is src/domain/dates.ts, bundled the same way.
 */
import { checkBeneficiary } from '../../../src/beneficiary/check.js';
import { resolveField } from '../../../src/beneficiary/dependent.js';
import { dueOn as firstDueDay } from '../../../src/domain/dates.js';
import type { BeneficiaryCheck, Rail } from './types.gen.js';

/**
 * Validates a beneficiary's values against a rail's fields, exactly as POST /api/v1/rails/{id}/beneficiary-checks
 * does (same verdict, normalized values, error codes and messages), without a round trip. The service's answer stays
 * authoritative: it may hold a newer catalog.
 */
export function validateBeneficiary(rail: Pick<Rail, 'fields'>, values: Record<string, unknown>): BeneficiaryCheck {
  return checkBeneficiary(rail as any, values) as BeneficiaryCheck;
}

/** A beneficiary field of a rail, as the API describes it. */
type Field = Rail['fields'][number];

/**
 * A beneficiary field as it stands for the values chosen so far, as validateBeneficiary checks it: a dependent field
 * (`dependsOn`) with the format (type, required, pattern, maxLength, help) of the option chosen in its select, and
 * `applies: false` when it does not apply to that choice (hide it: a value is refused); the field as written when
 * nothing valid is chosen. What a generated form shows and checks, field by field. undefined for a name the rail lacks.
 */
export function fieldFor(rail: Pick<Rail, 'fields'>, name: string, values: Record<string, unknown>): { field: Field; applies: boolean } | undefined {
  const fields = (Array.isArray(rail?.fields) ? rail.fields : []) as any[];
  const field = fields.find((f) => f?.name === name);
  if (!field) return undefined;
  const { field: resolved, applies } = resolveField(fields, field, typeof values === 'object' && values !== null ? values : {});
  return { field: resolved as Field, applies };
}

function dateText(today: string | Date): string {
  // Stryker disable next-line MethodExpression: the date followed by its time compares with a YYYY-MM-DD day as the date alone does
  return typeof today === 'string' ? today : today.toISOString().slice(0, 10);
}

/** The first day a rail is due for review: verifiedAt plus six calendar months, plus one day (dates in UTC). */
export function reviewDueOn(rail: Pick<Rail, 'verifiedAt'>): string {
  return firstDueDay(rail.verifiedAt);
}

/**
 * True when the rail is due for review on `today` (YYYY-MM-DD, or a Date read in UTC): more than six calendar months
 * after verifiedAt (verified 2026-05-22: due from 2026-11-23; 2026-08-31 + 6 months = 2027-02-28). The catalog
 * validator's stale-verification rule applies the same function.
 */
export function dueForReview(rail: Pick<Rail, 'verifiedAt'>, today: string | Date): boolean {
  return dateText(today) >= firstDueDay(rail.verifiedAt);
}
