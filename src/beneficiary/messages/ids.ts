/** Words in each language of the catalog: a label, an option, a field's help. */
export interface Localized {
  en: string;
  fr: string;
}

/**
 * Every message a beneficiary sees, by stable id, with the parameters it is written from. Both languages' catalogs are
 * typed by this one list, so a missing id or a parameter the list does not give is a compile error.
 */
export interface MessageParams {
  'iban.country_letters': { example: string };
  'iban.characters': { example: string };
  'iban.unknown_country': { country: string; example: string };
  'iban.no_iban_country': { country: string };
  'iban.length': { country: string; expected: number; length: number };
  'iban.check_digits_not_digits': { example: string };
  'iban.bban_format': { start: string; country: string };
  'iban.checksum': { digits: string };
  'iban.national_checksum': { country: string };
  'iban.invalid': { example: string };
  'email.invalid': Record<string, never>;
  'phone.no_plus': { example: string };
  'phone.not_digits': { example: string };
  'phone.zero_country_code': { example: string };
  'phone.digit_count': { example: string };
  'aba_routing.format': { length: number };
  'aba_routing.checksum': Record<string, never>;
  'clabe.format': { length: number };
  'clabe.checksum': { expected: number };
  'cpf.repeated': Record<string, never>;
  'cpf.checksum': { expected: string };
  'cnpj.repeated': Record<string, never>;
  'cnpj.checksum': { expected: string };
  'pix_key.invalid': { lowercaseCnpj: boolean };
  /** A Pix key refused by the check of its kind (e-mail, phone, CPF or CNPJ): the kind's message. */
  'pix_key.as_kind': { inner: Message };
  'curp.format': { length: number };
  'curp.date': { date: string };
  'curp.checksum': { expected: number };
  'rfc.format': { length: number };
  'rfc.date': { date: string };
  'rfc.checksum': { expected: string; before: number };
  'mx_tax_id.length': { length: number };
  /** A Mexican tax id refused by the check of the RFC or the CURP it looks like: that check's message. */
  'mx_tax_id.as_kind': { inner: Message };
  'select.no_options': Record<string, never>;
  'select.not_an_option': { options: string[] };
  'field.missing': Record<string, never>;
  'field.unknown_type': { type: unknown };
  'value.unreadable': Record<string, never>;
  'value.not_text': { kind: 'number' | 'boolean' | 'list' | 'object' | 'other'; value: string };
  'value.required': { label: Localized };
  'value.required_blank': { label: Localized };
  /** A required select field given nothing: the choices to give. */
  'value.required_choice': { label: Localized; options: string[] };
  'value.too_long': { limit: number; normalize?: string; length: number };
  'value.pattern_broken': { reason: string };
  'value.pattern': { pattern: string; help?: { en?: string; fr?: string } };
  /** A format that depends on a choice says which choice, and for max_length the chosen format's help. */
  'value.with_choice': { choice: Localized; inner: Message; help?: { en?: string; fr?: string } };
  'value.not_applicable': { label: Localized; choice: Localized; controller: Localized };
  'value.unknown_field': { shown: string; known: string[]; suggestion?: string };
}

/** A message id. */
export type MessageId = keyof MessageParams;

/** A message as the checks say it: its id and its parameters, rendered in a language by the catalog. */
export type Message = { [K in MessageId]: { id: K; params: MessageParams[K] } }[MessageId];

/** One language's catalog: a text for every id, written from that id's parameters. */
export type Catalog = { [K in MessageId]: (params: MessageParams[K]) => string };

/** The languages a beneficiary message is written in. */
export type Language = keyof Localized;

/** Builds a message, its parameters checked against its id. */
export function say<K extends MessageId>(id: K, params: MessageParams[K]): Message {
  return { id, params } as Message;
}
