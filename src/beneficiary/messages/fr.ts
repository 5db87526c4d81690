import { shownOptions } from './en.js';
import type { Catalog, Message } from './ids.js';

/** The French of a message (used for the messages a message quotes). */
function enFrancais(message: Message): string {
  return (fr[message.id] as (p: Message['params']) => string)(message.params);
}

// French says one sentence per malformed type (what the value looks like) with the parameters the English says (the
// example, the length found), and each wrong check digit with the digits expected: test/beneficiary/messages-parameters
// holds every parameter the English text shows to appear in the French one.
const IBAN = (example: string) => `ce n'est pas un IBAN valide : deux lettres du pays, deux chiffres de contrôle puis le compte, sans espaces (${example})`;
const EMAIL = "ce n'est pas une adresse e-mail : écrivez une seule adresse comme nom@exemple.fr, sans espaces ni chevrons";
const PHONE = (example: string) =>
  `ce n'est pas un numéro international au format E.164 : + puis l'indicatif du pays et 7 à 15 chiffres, sans espaces (${example})`;
const CURP =
  'une CURP a 18 caractères : 4 lettres, la date de naissance AAMMJJ, 6 lettres, puis une lettre ou un chiffre et un chiffre de contrôle (GODE561231HDFRRN00)';
const RFC = 'un RFC a 13 caractères pour une personne, 12 pour une société : 4 (ou 3) lettres, la date AAMMJJ, puis 3 lettres ou chiffres (GODE561231GR8)';
const PIX = (lowercaseCnpj: boolean) =>
  `ce n'est pas une clé Pix : écrivez un CPF (11 chiffres), un CNPJ (14 caractères sans points, barre oblique ni tiret)${lowercaseCnpj ? " (les lettres d'un CNPJ alphanumérique sont des capitales : 12ABC34501DE35)" : ''}, une adresse e-mail, un numéro de téléphone (+5511987654321) ou une clé aléatoire (UUID en minuscules)`;
const MX_TAX_ID = 'écrivez un RFC (13 caractères pour une personne, 12 pour une société : GODE561231GR8) ou une CURP (18 caractères : GODE561231HDFRRN00)';
const CHECKSUM = 'clé de contrôle incorrecte : un caractère est mal saisi ; recopiez la valeur depuis le relevé bancaire';
const UNREADABLE = 'les valeurs sont illisibles : envoyez un objet JSON qui associe à chaque nom de champ un texte';
/** How long the value is, after a sentence that says how long it should be. */
const has = (length: number) => ` ; cette valeur a ${length} caractères`;
/** A wrong check digit: which digits were expected, and that the value is to be copied again. */
const checksum = (what: string, again: string) => `clé de contrôle incorrecte : ${what}, un caractère est donc mal saisi ; ${again}`;

/** Every beneficiary message in French: the service's `message.fr`, the SDK's, and the French page's form. */
export const fr: Catalog = {
  'iban.country_letters': ({ example }) => IBAN(example),
  'iban.characters': ({ example }) => IBAN(example),
  'iban.unknown_country': ({ country, example }) => `pays inconnu ${country} : un IBAN commence par le code ISO 3166 du pays du compte (${example})`,
  'iban.no_iban_country': ({ country }) => `${country} n'utilise pas d'IBAN : demandez plutôt les coordonnées bancaires propres à ce pays`,
  'iban.length': ({ country, expected, length }) =>
    `longueur incorrecte pour ${country} (${expected} attendus) : un IBAN de ${country} a ${expected} caractères, celui-ci en a ${length} ; cherchez un caractère manquant ou en trop`,
  'iban.check_digits_not_digits': ({ example }) => IBAN(example),
  'iban.bban_format': ({ start, country }) =>
    `la partie compte après ${start} n'a pas le format des IBAN de ${country} (des lettres là où des chiffres sont attendus, ou l'inverse) : recopiez l'IBAN depuis le relevé bancaire`,
  'iban.checksum': ({ digits }) =>
    checksum(`les chiffres de contrôle ${digits} ne correspondent pas au reste de l'IBAN (mod 97)`, "recopiez l'IBAN depuis le relevé bancaire"),
  'iban.national_checksum': ({ country }) =>
    checksum(`la clé nationale de ce compte de ${country} ne correspond pas à ses numéros de banque et de compte`, "recopiez l'IBAN depuis le relevé bancaire"),
  'iban.invalid': ({ example }) => IBAN(example),
  'email.invalid': () => EMAIL,
  'phone.no_plus': ({ example }) => PHONE(example),
  'phone.not_digits': ({ example }) => PHONE(example),
  'phone.zero_country_code': ({ example }) => PHONE(example),
  'phone.digit_count': ({ example }) => PHONE(example),
  'aba_routing.format': ({ length }) => `un numéro de routage ABA a exactement 9 chiffres, sans espaces ni tirets (021000021)${has(length)}`,
  'aba_routing.checksum': () => CHECKSUM,
  'clabe.format': ({ length }) => `une CLABE a exactement 18 chiffres, sans espaces ni tirets (002010077777777771)${has(length)}`,
  'clabe.checksum': ({ expected }) =>
    checksum(`le dernier chiffre de cette CLABE devrait être ${expected} pour les 17 chiffres qui le précèdent`, 'recopiez-la depuis le relevé bancaire'),
  // A CPF or a CNPJ is only ever a kind of Pix key: its malformed value says what a Pix key is.
  'cpf.repeated': () => PIX(false),
  'cpf.checksum': ({ expected }) => checksum(`les deux derniers chiffres de ce CPF devraient être ${expected} pour les 9 qui les précèdent`, 'recopiez le CPF'),
  'cnpj.repeated': () => PIX(false),
  'cnpj.checksum': ({ expected }) =>
    checksum(`les deux derniers chiffres de ce CNPJ devraient être ${expected} pour les 12 caractères qui les précèdent`, 'recopiez le CNPJ'),
  'pix_key.invalid': ({ lowercaseCnpj }) => PIX(lowercaseCnpj),
  'pix_key.as_kind': ({ inner }) => enFrancais(inner),
  'curp.format': ({ length }) => CURP + has(length),
  'curp.date': ({ date }) => `les caractères 5 à 10 d'une CURP sont la date de naissance AAMMJJ, et ${date} n'est pas une date : recopiez la CURP`,
  'curp.checksum': ({ expected }) =>
    checksum(`le dernier chiffre de cette CURP devrait être ${expected} pour les 17 caractères qui le précèdent`, 'recopiez la CURP'),
  'rfc.format': ({ length }) => RFC + has(length),
  'rfc.date': ({ date }) => `les 6 chiffres qui suivent les lettres d'un RFC sont une date AAMMJJ, et ${date} n'est pas une date : recopiez le RFC`,
  'rfc.checksum': ({ expected, before }) =>
    checksum(
      `le dernier caractère de ce RFC devrait être ${expected} pour les ${before} qui le précèdent`,
      'recopiez le RFC depuis la Constancia de Situación Fiscal',
    ),
  'mx_tax_id.length': ({ length }) => MX_TAX_ID + has(length),
  'mx_tax_id.as_kind': ({ inner }) => enFrancais(inner),
  'select.no_options': () => "ce champ de choix n'a aucune option : le rail est mal configuré",
  'select.not_an_option': ({ options }) => `ce n'est pas l'un des choix : écrivez l'une des valeurs ${shownOptions(options, 'en tout')}`,
  'field.missing': () => UNREADABLE,
  'field.unknown_type': ({ type }) => `ce champ a un type inconnu ${JSON.stringify(type)} : le rail est mal configuré`,
  'value.unreadable': () => UNREADABLE,
  'value.not_text': ({ kind, value }) =>
    kind === 'number'
      ? `doit être un texte, pas un nombre : envoyez-le entre guillemets ("${value}"), car un nombre perd ses zéros initiaux`
      : kind === 'boolean'
        ? `doit être un texte, pas ${value} : envoyez la valeur entre guillemets`
        : `doit être un texte, pas ${kind === 'list' ? 'une liste' : kind === 'object' ? 'un objet' : `un ${value}`} : envoyez une seule valeur entre guillemets`,
  'value.required': ({ label }) => `${label.fr} est obligatoire : saisissez une valeur`,
  'value.required_choice': ({ label, options }) => `${label.fr} est obligatoire : choisissez l'une des valeurs ${shownOptions(options, 'en tout')}`,
  'value.required_blank': ({ label }) => `${label.fr} est obligatoire : saisissez une valeur`,
  'value.too_long': ({ limit, normalize, length }) =>
    `trop long : ${limit} caractères au plus${normalize ? ` après normalisation (${normalize})` : ''}, cette valeur en a ${length} ; supprimez les caractères en trop`,
  'value.pattern_broken': ({ reason }) =>
    `le motif de ce champ ne compile pas (${reason}), aucune valeur ne peut donc être acceptée : le rail est mal configuré`,
  'value.pattern': ({ pattern, help }) => `format inattendu${help?.fr ? ` : ${help.fr}` : ''} (la valeur doit correspondre à ${pattern})`,
  'value.with_choice': ({ choice, inner, help }) => `avec ${choice.fr} : ${enFrancais(inner)}${help?.fr ? ` ; ${help.fr}` : ''}`,
  'value.not_applicable': ({ label, choice, controller }) =>
    `${label.fr} ne s'applique pas avec ${choice.fr} : laissez-le vide, ou faites un autre choix pour ${controller.fr}`,
  'value.unknown_field': ({ shown, known, suggestion }) =>
    `champ inconnu ${shown} : ${known.length ? `ce rail accepte ${known.join(', ')}` : "ce rail n'accepte aucun champ"}${suggestion === undefined ? '' : ` ; vouliez-vous dire ${JSON.stringify(suggestion)} ?`}`,
};
