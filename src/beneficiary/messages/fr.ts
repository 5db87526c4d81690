import { shownOptions } from './en.js';
import type { Catalog, Message } from './ids.js';

/** The French of a message (used for the messages a message quotes). */
function enFrancais(message: Message): string {
  return (fr[message.id] as (p: Message['params']) => string)(message.params);
}

// French says one sentence per malformed type (what the value looks like), and one for every wrong check digit.
const IBAN = "ce n'est pas un IBAN valide : deux lettres du pays, deux chiffres de contrôle puis le compte, sans espaces (FR7630006000011234567890189)";
const EMAIL = "ce n'est pas une adresse e-mail : écrivez une seule adresse comme nom@exemple.fr, sans espaces ni chevrons";
const PHONE = "ce n'est pas un numéro international au format E.164 : + puis l'indicatif du pays et 7 à 15 chiffres, sans espaces (+254712345678)";
const CURP =
  'une CURP a 18 caractères : 4 lettres, la date de naissance AAMMJJ, 6 lettres, puis une lettre ou un chiffre et un chiffre de contrôle (GODE561231HDFRRN00)';
const RFC = 'un RFC a 13 caractères pour une personne, 12 pour une société : 4 (ou 3) lettres, la date AAMMJJ, puis 3 lettres ou chiffres (GODE561231GR8)';
const PIX =
  "ce n'est pas une clé Pix : écrivez un CPF (11 chiffres), un CNPJ (14 caractères sans points, barre oblique ni tiret), une adresse e-mail, un numéro de téléphone (+5511987654321) ou une clé aléatoire (UUID en minuscules)";
const MX_TAX_ID = 'écrivez un RFC (13 caractères pour une personne, 12 pour une société : GODE561231GR8) ou une CURP (18 caractères : GODE561231HDFRRN00)';
const CHECKSUM = 'clé de contrôle incorrecte : un caractère est mal saisi ; recopiez la valeur depuis le relevé bancaire';
const UNREADABLE = 'les valeurs sont illisibles : envoyez un objet JSON qui associe à chaque nom de champ un texte';

/** Every beneficiary message in French: the service's `message.fr`, the SDK's, and the French page's form. */
export const fr: Catalog = {
  'iban.country_letters': () => IBAN,
  'iban.characters': () => IBAN,
  'iban.unknown_country': () => IBAN,
  'iban.no_iban_country': () => IBAN,
  'iban.length': () => IBAN,
  'iban.check_digits_not_digits': () => IBAN,
  'iban.bban_format': () => IBAN,
  'iban.checksum': () => CHECKSUM,
  'iban.national_checksum': () => CHECKSUM,
  'iban.invalid': () => IBAN,
  'email.invalid': () => EMAIL,
  'phone.no_plus': () => PHONE,
  'phone.not_digits': () => PHONE,
  'phone.zero_country_code': () => PHONE,
  'phone.digit_count': () => PHONE,
  'aba_routing.format': () => 'un numéro de routage ABA a exactement 9 chiffres, sans espaces ni tirets (021000021)',
  'aba_routing.checksum': () => CHECKSUM,
  'clabe.format': () => 'une CLABE a exactement 18 chiffres, sans espaces ni tirets (002010077777777771)',
  'clabe.checksum': () => CHECKSUM,
  // A CPF or a CNPJ is only ever a kind of Pix key: its malformed value says what a Pix key is.
  'cpf.repeated': () => PIX,
  'cpf.checksum': () => CHECKSUM,
  'cnpj.repeated': () => PIX,
  'cnpj.checksum': () => CHECKSUM,
  'pix_key.invalid': () => PIX,
  'pix_key.as_kind': () => PIX,
  'curp.format': () => CURP,
  'curp.date': () => CURP,
  'curp.checksum': () => CHECKSUM,
  'rfc.format': () => RFC,
  'rfc.date': () => RFC,
  'rfc.checksum': () => CHECKSUM,
  'mx_tax_id.length': () => MX_TAX_ID,
  'mx_tax_id.as_kind': () => MX_TAX_ID,
  'select.no_options': () => "ce champ de choix n'a aucune option : le rail est mal configuré",
  'select.not_an_option': ({ options }) => `ce n'est pas l'un des choix : écrivez l'une des valeurs ${shownOptions(options, 'en tout')}`,
  'field.missing': () => UNREADABLE,
  'field.unknown_type': ({ type }) => `ce champ a un type inconnu ${JSON.stringify(type)} : le rail est mal configuré`,
  'value.unreadable': () => UNREADABLE,
  'value.not_text': () => 'doit être un texte : envoyez la valeur entre guillemets (un nombre perd ses zéros initiaux)',
  'value.required': ({ label }) => `${label.fr} est obligatoire : saisissez une valeur`,
  'value.required_blank': ({ label }) => `${label.fr} est obligatoire : saisissez une valeur`,
  'value.too_long': ({ limit, normalize }) =>
    `trop long : ${limit} caractères au plus${normalize ? ` après normalisation (${normalize})` : ''} ; supprimez les caractères en trop`,
  'value.pattern_broken': ({ reason }) =>
    `le motif de ce champ ne compile pas (${reason}), aucune valeur ne peut donc être acceptée : le rail est mal configuré`,
  'value.pattern': ({ pattern, help }) => `format inattendu${help?.fr ? ` : ${help.fr}` : ''} (la valeur doit correspondre à ${pattern})`,
  'value.with_choice': ({ choice, inner, help }) => `avec ${choice.fr} : ${enFrancais(inner)}${help?.fr ? ` ; ${help.fr}` : ''}`,
  'value.not_applicable': ({ label, choice }) => `${label.fr} ne s'applique pas avec ${choice.fr} : laissez-le vide, ou faites un autre choix`,
  'value.unknown_field': ({ shown, known, suggestion }) =>
    `champ inconnu ${shown} : ${known.length ? `ce rail accepte ${known.join(', ')}` : "ce rail n'accepte aucun champ"}${suggestion === undefined ? '' : ` ; vouliez-vous dire ${JSON.stringify(suggestion)} ?`}`,
};
