import { RAIL_BR_PIX } from '../helpers/catalog.js';
import type { HostileCase } from './hostile.js';

/** A policy list file (line 8 holds the reason, line 9 the countries). */
const list = (id: string, countries: string, reason = 'money_laundering_risk') =>
  `id: ${id}\nname: A list\npublisher: A publisher\nurl: https://example.org/${id}\nasOf: "2026-06-19"\nscope: The whole list.\neffect:\n  status: restricted\n  reason: ${reason}\ncountries: ${countries}\n`;
const argentina = (status: string, extra = '') =>
  `code: AR\nname: Argentina\ncurrency: ${status === 'restricted' ? 'null' : 'ARS'}\nstatus: ${status}\n${extra}`;
/** BR-pix with the first source's url replaced (line 31, column 10). */
const sourceAt = (url: string) => ({ 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('url: https://www.bcb.gov.br/estabilidadefinanceira/pix', `url: ${url}`) });

/** Data rules: the written country policy and the sources of every rail. */
export const cases: HostileCase[] = [
  {
    name: 'a grey-listed country kept open',
    files: { 'policies/grey.yaml': list('grey', '[AR]'), 'countries/AR.yaml': argentina('open') },
    expect: [{ rule: 'country-policy', file: 'countries/AR.yaml', line: 4, column: 9, message: /status: restricted with reason: money_laundering_risk/ }],
  },
  {
    name: 'a country restricted with no written policy',
    files: { 'countries/AR.yaml': argentina('restricted', 'reason: restrictive_measures\n') },
    expect: [{ rule: 'country-policy', file: 'countries/AR.yaml', line: 4, column: 9, message: /no list of catalog\/policies/ }],
  },
  {
    name: 'a sanctioned country given the weaker money-laundering reason',
    files: {
      'policies/grey.yaml': list('grey', '[AR]'),
      'policies/embargo.yaml': list('embargo', '[AR]', 'international_sanctions'),
      'countries/AR.yaml': argentina('restricted', 'reason: money_laundering_risk\n'),
    },
    expect: [{ rule: 'country-policy', file: 'countries/AR.yaml', line: 5, column: 9, message: /reason: international_sanctions/ }],
  },
  {
    name: 'a policy list naming UK instead of GB',
    files: { 'policies/grey.yaml': list('grey', '[UK]') },
    expect: [{ rule: 'country-policy', file: 'policies/grey.yaml', line: 10, column: 13, message: /GB, not UK/ }],
  },
  {
    name: 'a policy list restricting without a reason',
    files: { 'policies/grey.yaml': list('grey', '[AR]').replace('  reason: money_laundering_risk\n', '') },
    expect: [{ rule: 'schema', file: 'policies/grey.yaml', line: 8, column: 3, message: /reason/ }],
  },
  {
    name: 'a policy list whose url runs a script',
    files: { 'policies/grey.yaml': list('grey', '[AR]').replace('url: https://example.org/grey', 'url: javascript:alert(1)') },
    expect: [{ rule: 'schema', file: 'policies/grey.yaml', line: 4, column: 6 }],
  },
  {
    name: 'a restricted country keeping its currency',
    files: {
      'policies/grey.yaml': list('grey', '[AR]'),
      'countries/AR.yaml': argentina('restricted', 'reason: money_laundering_risk\n').replace('currency: null', 'currency: ARS'),
    },
    expect: [{ rule: 'country-currency', file: 'countries/AR.yaml', line: 3, column: 11, message: /currency: null/ }],
  },
  {
    name: 'a rail without sources',
    files: { 'rails/BR-pix.yaml': RAIL_BR_PIX.slice(0, RAIL_BR_PIX.indexOf('sources:\n')) },
    expect: [{ rule: 'sources', file: 'rails/BR-pix.yaml', line: 1, column: 1, message: /add sources:/ }],
  },
  {
    name: 'a source over plain http',
    files: sourceAt('http://www.bcb.gov.br/'),
    expect: [{ rule: 'sources', file: 'rails/BR-pix.yaml', line: 31, column: 10, message: /https:\/\/www\.bcb\.gov\.br\// }],
  },
  {
    name: 'a source behind bit.ly',
    files: sourceAt('https://bit.ly/3pix'),
    expect: [{ rule: 'sources', file: 'rails/BR-pix.yaml', line: 31, column: 10, message: /link shortener/ }],
  },
  {
    name: 'a source behind a search-engine redirect',
    files: sourceAt('https://www.google.com/url?q=https://evil.example/'),
    expect: [{ rule: 'sources', file: 'rails/BR-pix.yaml', line: 31, column: 10, message: /redirector/ }],
  },
  {
    name: 'a source checked long before the rail was verified',
    files: { 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('    checked: "2026-10-01"', '    checked: "2024-01-01"') },
    expect: [{ rule: 'source-age', file: 'rails/BR-pix.yaml', line: 33, column: 14, severity: 'warning' }],
  },
  {
    name: 'a CNPJ Pix key example with a wrong check digit',
    files: {
      'rails/BR-pix.yaml': RAIL_BR_PIX.replace('type: text', 'type: pix_key')
        .replace('pattern: ^[A-Za-z0-9@.+_-]{1,77}$', () => "pattern: '^[0-9A-Z]{12}[0-9]{2}$'")
        .replace('examples: ["+5511987654321"]', 'examples: ["12ABC34501DE36"]'),
    },
    expect: [{ rule: 'pattern-examples', file: 'rails/BR-pix.yaml', line: 27, column: 16, message: /should be 35/ }],
  },
];
