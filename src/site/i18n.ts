/** The languages of the site. */
export const LANGS = ['en', 'fr'] as const;
export type Lang = (typeof LANGS)[number];

/** The language of the catalog's untranslated text (rail and asset names, source titles): marked with `lang` on other pages. */
export const CATALOG_LANG: Lang = 'en';

/** Every text of the site in one language; a text missing in one language does not compile. */
export interface Texts {
  langName: string;
  /** What follows a label before its value (French puts a no-break space before the colon). */
  colon: string;
  switchTo: string;
  siteTitle: string;
  skip: string;
  navLabel: string;
  countries: string;
  rails: string;
  assets: string;
  home: string;
  indexIntro: string;
  code: string;
  name: string;
  status: string;
  reason: string;
  currency: string;
  none: string;
  kind: string;
  phase: string;
  limits: string;
  minimum: string;
  maximum: string;
  fees: string;
  fixedFee: string;
  proportionalFee: string;
  settlement: string;
  median: string;
  p95: string;
  businessDaysOnly: string;
  yes: string;
  no: string;
  cutoff: string;
  cutoffText: (time: string, zone: string) => string;
  calendar: string;
  verification: string;
  verifiedOn: string;
  reviewDue: (due: string) => string;
  reviewOverdue: (due: string) => string;
  judgedOn: (today: string) => string;
  sources: string;
  checkedOn: (date: string) => string;
  provenance: string;
  catalogFeed: string;
  railFeed: string;
  provenanceIntro: string;
  value: string;
  origin: string;
  fieldFormat: (field: string) => string;
  fieldMaxLength: (field: string) => string;
  ourDecision: string;
  noOrigin: string;
  form: string;
  formIntro: string;
  noFields: string;
  required: string;
  optional: string;
  choose: string;
  examples: string;
  counterexamples: string;
  fillWith: (value: string) => string;
  /** {n} stands for the number (the form's script says it again when a field's rules change). */
  maxChars: string;
  maxCharsNormalized: string;
  willBeSentAs: string;
  valid: string;
  check: string;
  /** Introduces the formats of a dependent field, by option of the field it depends on ({label}: that field's label). */
  dependsOn: (label: string) => string;
  /** What a format says when the field does not apply to its options, and when it makes the field required. */
  variantNotApplicable: string;
  variantRequired: string;
  /** The options no format names. */
  otherOptions: string;
  allValid: string;
  someInvalid: (n: number) => string;
  noScript: string;
  ticker: string;
  decimals: string;
  networks: string;
  stablecoin: string;
  quoteLock: string;
  quoteLockValue: (seconds: string) => string;
  minDeposit: string;
  railsOf: string;
  noRails: string;
  version: (v: string) => string;
  kinds: Record<string, string>;
  phases: Record<string, string>;
  statuses: Record<string, string>;
  reasons: Record<string, string>;
  normalizations: Record<string, string>;
}

export const texts: Record<Lang, Texts> = {
  en: {
    langName: 'English',
    colon: ': ',
    switchTo: 'Version française',
    siteTitle: 'Payout catalog',
    skip: 'Skip to content',
    navLabel: 'Main',
    countries: 'Countries',
    rails: 'Payout rails',
    assets: 'Deposit assets',
    home: 'Home',
    indexIntro: 'Where we pay out, how, and which assets we accept for deposit. Every page reads without JavaScript.',
    code: 'Code',
    name: 'Name',
    status: 'Status',
    reason: 'Reason',
    currency: 'Currency',
    none: 'none',
    kind: 'Kind',
    phase: 'Phase',
    limits: 'Limits per payout',
    minimum: 'Minimum',
    maximum: 'Maximum',
    fees: 'Fees per payout',
    fixedFee: 'Fixed fee',
    proportionalFee: 'Proportional fee',
    settlement: 'Settlement',
    median: 'Median time',
    p95: '95 % of payouts within',
    businessDaysOnly: 'Business days only',
    yes: 'yes',
    no: 'no',
    cutoff: 'Daily cut-off',
    cutoffText: (time, zone) => `${time}, ${zone} time; later payouts settle the next day`,
    calendar: 'Business-day calendar',
    verification: 'Verification',
    verifiedOn: 'Verified on',
    reviewDue: (due) => `Up to date; due for review on ${due}`,
    reviewOverdue: (due) => `Due for review since ${due}`,
    judgedOn: (today) => `(as of ${today})`,
    sources: 'Sources',
    checkedOn: (date) => `checked on ${date}`,
    provenance: 'Where each number comes from',
    catalogFeed: 'Releases of the catalog (Atom feed)',
    railFeed: 'Follow the changes of this rail (Atom feed)',
    provenanceIntro: 'For each value, the sentence of the page that states it, or the reason it is our own decision.',
    value: 'Value',
    origin: 'Origin',
    fieldFormat: (field) => `${field}: format`,
    fieldMaxLength: (field) => `${field}: maximum length`,
    ourDecision: 'Our decision',
    noOrigin: 'No source or decision recorded',
    form: 'Beneficiary details',
    formIntro:
      "The form a client builds from this rail's fields. With JavaScript, each value is checked by the same code as the service once you leave its field. Nothing is sent.",
    noFields: 'This rail asks for no beneficiary details.',
    required: 'required',
    optional: 'optional',
    choose: 'Choose…',
    examples: 'Examples:',
    counterexamples: 'Try an invalid value:',
    fillWith: (value) => `Fill with ${value}`,
    maxChars: 'At most {n} characters.',
    maxCharsNormalized: 'At most {n} characters once normalized.',
    willBeSentAs: 'Will be sent as',
    valid: 'Valid.',
    check: 'Check all fields',
    dependsOn: (label) => `Depending on “${label}”:`,
    variantNotApplicable: 'does not apply: leave it empty.',
    variantRequired: 'required.',
    otherOptions: 'Any other choice',
    allValid: 'All fields are valid.',
    someInvalid: (n) => `${n} field${n > 1 ? 's' : ''} to correct.`,
    noScript: 'Without JavaScript this form checks nothing and sends nothing: it shows the fields a client asks for, with their help and examples.',
    ticker: 'Ticker',
    decimals: 'Decimals',
    networks: 'Networks',
    stablecoin: 'Stablecoin',
    quoteLock: 'Rate locked for',
    quoteLockValue: (s) => `${s} seconds`,
    minDeposit: 'Minimum deposit',
    railsOf: 'Payout rails',
    noRails: 'No payout rail.',
    version: (v) => `Catalog version ${v}`,
    kinds: {
      instant_bank: 'Instant bank transfer',
      bank_transfer: 'Bank transfer',
      mobile_money: 'Mobile money',
      wallet: 'Wallet',
      card: 'Card',
      cash_pickup: 'Cash pickup',
    },
    phases: { live: 'Live', beta: 'Beta', planned: 'Planned', never: 'Not offered' },
    statuses: { open: 'Open', coming: 'Coming soon', restricted: 'Restricted' },
    reasons: {
      international_sanctions: 'International sanctions',
      restrictive_measures: 'Restrictive measures',
      money_laundering_risk: 'Money-laundering risk',
      partner_discontinued: 'Partner discontinued',
      regulatory: 'Regulatory',
      scheme_retired: 'Scheme retired',
      insufficient_demand: 'Insufficient demand',
      technical: 'Technical',
    },
    normalizations: {
      upper: 'Letters are put in capitals.',
      lower: 'Letters are put in lower case.',
      trim: 'Spaces at both ends are removed.',
      remove_spaces: 'Spaces are removed.',
      upper_remove_spaces: 'Spaces are removed and letters put in capitals.',
      remove_separators: 'Spaces, dashes, dots and slashes are removed.',
    },
  },
  fr: {
    langName: 'Français',
    colon: '\u00a0: ',
    switchTo: 'English version',
    siteTitle: 'Catalogue des versements',
    skip: 'Aller au contenu',
    navLabel: 'Principale',
    countries: 'Pays',
    rails: 'Moyens de versement',
    assets: 'Actifs de dépôt',
    home: 'Accueil',
    indexIntro: 'Où nous versons, comment, et quels actifs nous acceptons en dépôt. Chaque page se lit sans JavaScript.',
    code: 'Code',
    name: 'Nom',
    status: 'Statut',
    reason: 'Motif',
    currency: 'Devise',
    none: 'aucune',
    kind: 'Type',
    phase: 'Phase',
    limits: 'Limites par versement',
    minimum: 'Minimum',
    maximum: 'Maximum',
    fees: 'Frais par versement',
    fixedFee: 'Frais fixes',
    proportionalFee: 'Frais proportionnels',
    settlement: 'Règlement',
    median: 'Délai médian',
    p95: '95 % des versements en moins de',
    businessDaysOnly: 'Jours ouvrés uniquement',
    yes: 'oui',
    no: 'non',
    cutoff: 'Heure limite quotidienne',
    cutoffText: (time, zone) => `${time}, heure de ${zone} ; au-delà, règlement le jour suivant`,
    calendar: 'Calendrier des jours ouvrés',
    verification: 'Vérification',
    verifiedOn: 'Vérifié le',
    reviewDue: (due) => `À jour ; à revoir le ${due}`,
    reviewOverdue: (due) => `À revoir depuis le ${due}`,
    judgedOn: (today) => `(au ${today})`,
    sources: 'Sources',
    checkedOn: (date) => `consultée le ${date}`,
    provenance: "D'où vient chaque valeur",
    catalogFeed: 'Versions du catalogue (flux Atom)',
    railFeed: 'Suivre les changements de ce moyen de paiement (flux Atom)',
    provenanceIntro: 'Pour chaque valeur, la phrase de la page qui l’énonce, ou la raison pour laquelle elle est notre propre décision.',
    value: 'Valeur',
    origin: 'Origine',
    fieldFormat: (field) => `${field} : format`,
    fieldMaxLength: (field) => `${field} : longueur maximale`,
    ourDecision: 'Notre décision',
    noOrigin: 'Aucune source ni décision enregistrée',
    form: 'Coordonnées du bénéficiaire',
    formIntro:
      "Le formulaire qu'un client construit à partir des champs de ce moyen. Avec JavaScript, chaque valeur est vérifiée par le même code que le service dès que vous quittez son champ. Rien n'est envoyé.",
    noFields: 'Ce moyen ne demande aucune coordonnée.',
    required: 'obligatoire',
    optional: 'facultatif',
    choose: 'Choisir…',
    examples: 'Exemples :',
    counterexamples: 'Essayer une valeur invalide :',
    fillWith: (value) => `Remplir avec ${value}`,
    maxChars: '{n} caractères au plus.',
    maxCharsNormalized: '{n} caractères au plus une fois normalisé.',
    willBeSentAs: 'Sera envoyé ainsi :',
    valid: 'Valide.',
    check: 'Vérifier tous les champs',
    dependsOn: (label) => `Selon le champ «\u00a0${label}\u00a0»\u00a0:`,
    variantNotApplicable: "ne s'applique pas : laissez-le vide.",
    variantRequired: 'obligatoire.',
    otherOptions: 'Tout autre choix',
    allValid: 'Tous les champs sont valides.',
    someInvalid: (n) => `${n} champ${n > 1 ? 's' : ''} à corriger.`,
    noScript: "Sans JavaScript, ce formulaire ne vérifie rien et n'envoie rien : il montre les champs qu'un client demande, avec leur aide et leurs exemples.",
    ticker: 'Symbole',
    decimals: 'Décimales',
    networks: 'Réseaux',
    stablecoin: 'Stablecoin',
    quoteLock: 'Cours garanti pendant',
    quoteLockValue: (s) => `${s} secondes`,
    minDeposit: 'Dépôt minimum',
    railsOf: 'Moyens de versement',
    noRails: 'Aucun moyen de versement.',
    version: (v) => `Version du catalogue ${v}`,
    kinds: {
      instant_bank: 'Virement instantané',
      bank_transfer: 'Virement bancaire',
      mobile_money: 'Mobile money',
      wallet: 'Portefeuille électronique',
      card: 'Carte',
      cash_pickup: 'Retrait en espèces',
    },
    phases: { live: 'En service', beta: 'Bêta', planned: 'Prévu', never: 'Non proposé' },
    statuses: { open: 'Ouvert', coming: 'Bientôt', restricted: 'Restreint' },
    reasons: {
      international_sanctions: 'Sanctions internationales',
      restrictive_measures: 'Mesures restrictives',
      money_laundering_risk: 'Risque de blanchiment',
      partner_discontinued: 'Partenaire arrêté',
      regulatory: 'Réglementaire',
      scheme_retired: 'Schéma retiré',
      insufficient_demand: 'Demande insuffisante',
      technical: 'Technique',
    },
    normalizations: {
      upper: 'Les lettres sont mises en capitales.',
      lower: 'Les lettres sont mises en minuscules.',
      trim: 'Les espaces aux deux bouts sont retirées.',
      remove_spaces: 'Les espaces sont retirées.',
      upper_remove_spaces: 'Les espaces sont retirées et les lettres mises en capitales.',
      remove_separators: 'Les espaces, tirets, points et barres obliques sont retirés.',
    },
  },
};
