import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { COUNTRY_CODES } from '../../src/domain/iso.js';

/**
 * The benchmark's catalog (npm run bench): realistic SEPA-like rails with patterned fields, made the same way every
 * time, so that runs and versions of the tool compare on the same bytes (test/project/identity.test.ts).
 */

/** A realistic rail: a SEPA-like transfer with a patterned IBAN field, a BIC and a select. */
function railYaml(id: string, cc: string, i: number): string {
  return `# yaml-language-server: $schema=../../schemas/rail.schema.json
id: ${id}
slug: m${i}
name: Generated rail ${i}
kind: ${i % 2 ? 'bank_transfer' : 'instant_bank'}
currency: EUR
countries: [${cc}]
phase: ${['live', 'beta', 'planned', 'live'][i % 4]}
settlement:
  p50Minutes: ${1 + (i % 30)}
  p95Minutes: ${60 + (i % 30)}
  businessDaysOnly: ${i % 2 ? 'true' : 'false'}
  cutoff: { time: "16:00", timeZone: Europe/Paris }
  calendar: TARGET2
limits:
  minMinor: 100
  maxMinor: ${10_000_000 + i}
  decimals: 2
fees:
  fixedMinor: ${i % 100}
  bps: ${i % 50}
fields:
  - name: iban
    label: { fr: IBAN du bénéficiaire, en: Beneficiary IBAN }
    type: iban
    required: true
    pattern: ^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$
    maxLength: 34
    normalize: upper_remove_spaces
    help: { fr: "IBAN, espaces autorisés", en: "IBAN, spaces allowed" }
    examples: ["FR14 2004 1010 0505 0001 3M02 606", "DE89370400440532013000"]
    counterexamples: ["FR14 2004 1010 0505 0001 3M02 607"]
  - name: bic
    label: { fr: BIC, en: BIC }
    type: text
    required: false
    pattern: ^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$
    normalize: upper
    help: { fr: 8 ou 11 caractères, en: 8 or 11 characters }
    examples: [BNPAFRPP, DEUTDEFF500]
    counterexamples: [BNPAFRP]
  - name: accountType
    label: { fr: Type de compte, en: Account type }
    type: select
    required: true
    options:
      - { value: personal, label: { fr: Personnel, en: Personal } }
      - { value: business, label: { fr: Professionnel, en: Business } }
verifiedAt: "2026-10-0${1 + (i % 9)}"
sources:
  - url: https://www.europeanpaymentscouncil.eu/what-we-do/sepa-credit-transfer
    title: SEPA Credit Transfer rulebook (European Payments Council)
    checked: "2026-10-0${1 + (i % 9)}"
decisions:
  - { pointer: /currency, reason: The currency of the generated rail. }
  - { pointer: /settlement, reason: The delays of the generated rail. }
  - { pointer: /limits, reason: The limits of the generated rail. }
  - { pointer: /fees, reason: The fees of the generated rail. }
  - { pointer: /fields, reason: The fields of the generated rail. }
`;
}

const codes = [...COUNTRY_CODES].sort();
/** The id (and file name) of the i-th generated rail. */
export const railId = (i: number) => `${codes[i % codes.length]}-m${i}`;

/** Writes the generated catalog into `dir`: every ISO country, and `railCount` rails spread over them. */
export function generateCatalog(dir: string, railCount: number): void {
  for (const sub of ['rails', 'assets', 'countries']) mkdirSync(path.join(dir, sub), { recursive: true });
  for (const cc of codes) writeFileSync(path.join(dir, 'countries', `${cc}.yaml`), `code: ${cc}\nname: Country ${cc}\ncurrency: EUR\nstatus: open\n`);
  for (let i = 0; i < railCount; i++) {
    const cc = codes[i % codes.length];
    const id = railId(i);
    writeFileSync(path.join(dir, 'rails', `${id}.yaml`), railYaml(id, cc, i));
  }
}
