import type { LocalizedText, SeedField } from '../generated/types.js';
import { resolveField, type ResolvedField } from './dependent.js';
import { MAX_VALUE_LENGTH, validateBeneficiary, type BeneficiaryError, type BeneficiaryErrorCode } from './validate.js';

/** One rejected value as the API and the SDK give it: the message in French and English, and the field's help. */
export interface BeneficiaryCheckError {
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

const TYPE_FR: Record<string, string> = {
  iban: "ce n'est pas un IBAN valide : deux lettres du pays, deux chiffres de contrôle puis le compte, sans espaces (FR7630006000011234567890189)",
  email: "ce n'est pas une adresse e-mail : écrivez une seule adresse comme nom@exemple.fr, sans espaces ni chevrons",
  phone: "ce n'est pas un numéro international au format E.164 : + puis l'indicatif du pays et 7 à 15 chiffres, sans espaces (+254712345678)",
  aba_routing: "un numéro de routage ABA a exactement 9 chiffres, sans espaces ni tirets (021000021)",
  clabe: 'une CLABE a exactement 18 chiffres, sans espaces ni tirets (002010077777777771)',
  curp: "une CURP a 18 caractères : 4 lettres, la date de naissance AAMMJJ, 6 lettres, puis une lettre ou un chiffre et un chiffre de contrôle (GODE561231HDFRRN00)",
  rfc: "un RFC a 13 caractères pour une personne, 12 pour une société : 4 (ou 3) lettres, la date AAMMJJ, puis 3 lettres ou chiffres (GODE561231GR8)",
  mx_tax_id: 'écrivez un RFC (13 caractères pour une personne, 12 pour une société : GODE561231GR8) ou une CURP (18 caractères : GODE561231HDFRRN00)',
};

function labelFr(field: SeedField | undefined, name: string): string {
  return typeof field?.label?.fr === 'string' ? field.label.fr : name;
}

/** "type de clé Pix CNPJ (entreprise)": the controlling field's label and the chosen option's, in French. */
function choiceWordsFr(resolved: ResolvedField | undefined): string {
  const choice = resolved?.choice;
  if (!choice) return 'ce choix';
  const option = typeof choice.option?.fr === 'string' ? choice.option.fr : choice.value;
  return `${labelFr(choice.field, choice.field.name)} ${option}`;
}

/** "avec Type de clé Pix CNPJ (entreprise) : " before the message of a format that depends on a choice; '' otherwise. */
function choiceFr(resolved: ResolvedField | undefined): string {
  return resolved?.choice ? `avec ${choiceWordsFr(resolved)} : ` : '';
}

/** The French message of an error, written from its code and the field as it stood for the values (the English one is validateBeneficiary's). */
function frenchOf(error: BeneficiaryError, resolved: ResolvedField | undefined, known: string[]): string {
  const field = resolved?.field;
  const label = labelFr(field, error.field);
  switch (error.code) {
    case 'required':
      return `${choiceFr(resolved)}${label} est obligatoire : saisissez une valeur`;
    case 'max_length': {
      const limit = typeof field?.maxLength === 'number' ? Math.min(field.maxLength, MAX_VALUE_LENGTH) : MAX_VALUE_LENGTH;
      const help = resolved?.choice && field?.help?.fr ? ` ; ${field.help.fr}` : '';
      return `${choiceFr(resolved)}trop long : ${limit} caractères au plus${field?.normalize ? ` après normalisation (${field.normalize})` : ''} ; supprimez les caractères en trop${help}`;
    }
    case 'pattern':
      return `${choiceFr(resolved)}format inattendu${field?.help?.fr ? ` : ${field.help.fr}` : ''} (la valeur doit correspondre à ${field?.pattern ?? 'au motif du champ'})`;
    case 'option': {
      const options = (field?.options ?? []).map((o) => JSON.stringify(o.value));
      return options.length ? `ce n'est pas l'un des choix : écrivez l'une des valeurs ${options.join(', ')}` : "ce champ de choix n'a aucune option : le rail est mal configuré";
    }
    case 'checksum':
      return 'clé de contrôle incorrecte : un caractère est mal saisi ; recopiez la valeur depuis le relevé bancaire';
    case 'not_applicable':
      return `${label} ne s'applique pas avec ${choiceWordsFr(resolved)} : laissez-le vide, ou faites un autre choix`;
    case 'unknown_field':
      return `champ inconnu ${JSON.stringify(error.field.slice(0, 64))} : ce rail accepte ${known.length ? known.join(', ') : 'aucun champ'}`;
    case 'type':
    default:
      if (/^must be a text/.test(error.message)) return 'doit être un texte : envoyez la valeur entre guillemets (un nombre perd ses zéros initiaux)';
      return (field && TYPE_FR[field.type]) ?? `valeur refusée pour ce champ de type ${field?.type ?? 'inconnu'}`;
  }
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
    const field = error.code === 'unknown_field' ? undefined : byName.get(error.field);
    // The field as validateBeneficiary checked it: a dependent field's message says the chosen option's format.
    const resolved = field ? resolveField(fields, field, given) : undefined;
    const out: BeneficiaryCheckError = { field: error.field, code: error.code, message: { fr: frenchOf(error, resolved, known), en: error.message } };
    if (error.help) out.help = { fr: error.help.fr, en: error.help.en };
    return out;
  });
  return { valid: result.valid, normalized: result.values, errors };
}
