import { didYouMean } from '../domain/suggest.js';
import type { LocalizedText, SeedField } from '../generated/types.js';
import { resolveField, type ResolvedField } from './dependent.js';
import { compilePattern } from './pattern.js';
import type { FieldType } from './type-checks.js';
import { MAX_VALUE_LENGTH, validateBeneficiary, type BeneficiaryError, type BeneficiaryErrorCode } from './validate.js';

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

/** The French message of a malformed value of each type whose own check can find one (text and select never do). */
const TYPE_FR: Record<Exclude<FieldType, 'text' | 'select'>, string> = {
  iban: "ce n'est pas un IBAN valide : deux lettres du pays, deux chiffres de contrôle puis le compte, sans espaces (FR7630006000011234567890189)",
  email: "ce n'est pas une adresse e-mail : écrivez une seule adresse comme nom@exemple.fr, sans espaces ni chevrons",
  phone: "ce n'est pas un numéro international au format E.164 : + puis l'indicatif du pays et 7 à 15 chiffres, sans espaces (+254712345678)",
  aba_routing: 'un numéro de routage ABA a exactement 9 chiffres, sans espaces ni tirets (021000021)',
  clabe: 'une CLABE a exactement 18 chiffres, sans espaces ni tirets (002010077777777771)',
  curp: 'une CURP a 18 caractères : 4 lettres, la date de naissance AAMMJJ, 6 lettres, puis une lettre ou un chiffre et un chiffre de contrôle (GODE561231HDFRRN00)',
  rfc: 'un RFC a 13 caractères pour une personne, 12 pour une société : 4 (ou 3) lettres, la date AAMMJJ, puis 3 lettres ou chiffres (GODE561231GR8)',
  pix_key:
    "ce n'est pas une clé Pix : écrivez un CPF (11 chiffres), un CNPJ (14 caractères sans points, barre oblique ni tiret), une adresse e-mail, un numéro de téléphone (+5511987654321) ou une clé aléatoire (UUID en minuscules)",
  mx_tax_id: 'écrivez un RFC (13 caractères pour une personne, 12 pour une société : GODE561231GR8) ou une CURP (18 caractères : GODE561231HDFRRN00)',
};

function labelFr(field: SeedField): string {
  return typeof field.label?.fr === 'string' ? field.label.fr : String(field.name);
}

/** "type de clé Pix CNPJ (entreprise)": the controlling field's label and the chosen option's, in French. */
function choiceWordsFr(choice: NonNullable<ResolvedField['choice']>): string {
  const option = typeof choice.option?.fr === 'string' ? choice.option.fr : choice.value;
  return `${labelFr(choice.field)} ${option}`;
}

/** "avec Type de clé Pix CNPJ (entreprise) : " before the message of a format that depends on a choice; '' otherwise. */
function choiceFr(resolved: ResolvedField): string {
  return resolved.choice ? `avec ${choiceWordsFr(resolved.choice)} : ` : '';
}

/**
 * The French message of an error, written from its code and the field as it stood for the values (the English one is
 * validateBeneficiary's); `resolved` is undefined only for an unknown field and for values that could not be read.
 */
function frenchOf(error: BeneficiaryError, resolved: ResolvedField | undefined, known: string[]): string {
  if (error.code === 'unknown_field') return unknownFieldFr(error.field, known);
  if (!resolved) return 'les valeurs sont illisibles : envoyez un objet JSON qui associe à chaque nom de champ un texte';
  const field = resolved.field;
  switch (error.code) {
    case 'required':
      return `${choiceFr(resolved)}${labelFr(field)} est obligatoire : saisissez une valeur`;
    case 'max_length': {
      const limit = typeof field.maxLength === 'number' ? Math.min(field.maxLength, MAX_VALUE_LENGTH) : MAX_VALUE_LENGTH;
      const help = resolved.choice && field.help?.fr ? ` ; ${field.help.fr}` : '';
      return `${choiceFr(resolved)}trop long : ${limit} caractères au plus${field.normalize ? ` après normalisation (${field.normalize})` : ''} ; supprimez les caractères en trop${help}`;
    }
    case 'pattern': {
      const compiled = compilePattern(String(field.pattern));
      if (!compiled.ok) return `le motif de ce champ ne compile pas (${compiled.reason}), aucune valeur ne peut donc être acceptée : le rail est mal configuré`;
      return `${choiceFr(resolved)}format inattendu${field.help?.fr ? ` : ${field.help.fr}` : ''} (la valeur doit correspondre à ${field.pattern})`;
    }
    case 'option':
      return optionFr(field);
    case 'checksum':
      return 'clé de contrôle incorrecte : un caractère est mal saisi ; recopiez la valeur depuis le relevé bancaire';
    case 'not_applicable':
      return `${labelFr(field)} ne s'applique pas avec ${choiceWordsFr(resolved.choice!)} : laissez-le vide, ou faites un autre choix`;
    default:
      if (error.message.startsWith('must be a text')) return 'doit être un texte : envoyez la valeur entre guillemets (un nombre perd ses zéros initiaux)';
      return Object.hasOwn(TYPE_FR, field.type)
        ? TYPE_FR[field.type as keyof typeof TYPE_FR]
        : `ce champ a un type inconnu ${JSON.stringify(field.type)} : le rail est mal configuré`;
  }
}

/** The options validateBeneficiary offers, shown as its English message shows them (the first 20). */
function optionFr(field: SeedField): string {
  const options = Array.isArray(field.options) ? field.options.map((o) => o?.value).filter((v) => typeof v === 'string') : [];
  if (!options.length) return "ce champ de choix n'a aucune option : le rail est mal configuré";
  const shown =
    options
      .slice(0, 20)
      .map((v) => JSON.stringify(v))
      .join(', ') + (options.length > 20 ? `, … (${options.length} en tout)` : '');
  return `ce n'est pas l'un des choix : écrivez l'une des valeurs ${shown}`;
}

/** 'champ inconnu "ibn" : ce rail accepte iban, holder ; vouliez-vous dire "iban" ?', as validateBeneficiary says it in English. */
function unknownFieldFr(key: string, known: string[]): string {
  const shown = key.length > 64 ? `${JSON.stringify(key.slice(0, 64))}…` : JSON.stringify(key);
  const suggestion = key.length <= 64 ? didYouMean(key, known) : undefined;
  const accepted = known.length ? `ce rail accepte ${known.join(', ')}` : "ce rail n'accepte aucun champ";
  return `champ inconnu ${shown} : ${accepted}${suggestion === undefined ? '' : ` ; vouliez-vous dire ${JSON.stringify(suggestion)} ?`}`;
}

/**
 * Validates a beneficiary exactly as validateBeneficiary does (the same normalization, checks and codes: the function
 * the examples rule runs) and gives the result in the API's shape, messages in French and English. Pure; runs in the
 * service, in the SDK (bundled from this very file) and in a browser.
 */
export function checkBeneficiary(rail: { fields: SeedField[] }, values: Record<string, unknown>): BeneficiaryCheck {
  const result = validateBeneficiary(rail, values);
  const fields = Array.isArray(rail?.fields) ? rail.fields.filter((f) => typeof f === 'object' && f !== null) : [];
  const byName = new Map(fields.map((f) => [f.name, f]));
  const known = fields.map((f) => f.name);
  const given: Record<string, unknown> = typeof values === 'object' && values !== null && !Array.isArray(values) ? values : {};
  const errors = result.errors.map((error): BeneficiaryCheckError => {
    const field = byName.get(error.field);
    // The field as validateBeneficiary checked it: a dependent field's message says the chosen option's format.
    const resolved = field ? resolveField(fields, field, given) : undefined;
    const out: BeneficiaryCheckError = { field: error.field, code: error.code, message: { fr: frenchOf(error, resolved, known), en: error.message } };
    if (error.help) out.help = { fr: error.help.fr, en: error.help.en };
    return out;
  });
  return { valid: result.valid, normalized: result.values, errors };
}
