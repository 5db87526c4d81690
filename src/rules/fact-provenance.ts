import { PLACEHOLDER } from '../domain/placeholder.js';
import { covers, factPointers, resolveNamed } from '../model/provenance.js';
import { defineRule } from './define.js';

export default defineRule({
  id: 'fact-provenance',
  severity: 'warning',
  scope: 'entry',
  description:
    "Every fact-bearing value of a rail (the currency, minMinor and maxMinor, every settlement value, the fees, each field's pattern and maxLength) is supported by one of its sources (supports: pointer and quote) or is one of its decisions (decisions: pointer and reason).",
  messages: {
    unsupported: 'A fact-bearing value is supported by no source and is no decision of the rail.',
  },
  check({ catalog, report }) {
    for (const rail of catalog.rails) {
      // A rail written by catalog new: the placeholder rule asks for its sources first.
      if (rail.data.sources?.some((source) => source.url === PLACEHOLDER)) continue;
      const by = [
        ...(rail.data.sources ?? []).flatMap((source) => (source.supports ?? []).map((support) => support.pointer)),
        ...(rail.data.decisions ?? []).map((decision) => decision.pointer),
      ];
      for (const pointer of factPointers(rail.data)) {
        if (by.some((b) => covers(b, pointer))) continue;
        const resolution = resolveNamed(rail.data, pointer);
        if (!('pointer' in resolution)) continue;
        const value = resolution.pointer
          .split('/')
          .slice(1)
          .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], rail.data);
        if (value === PLACEHOLDER) continue; // the placeholder rule says what to fill in first
        report(
          rail,
          resolution.pointer,
          `${pointer} (${JSON.stringify(value)}) comes from nowhere: add to the source that states it supports: [{ pointer: ${pointer}, quote: "<the page's sentence>" }], or, if it is the provider's own choice, decisions: [{ pointer: ${pointer}, reason: "<why, in one line>" }]`,
          { messageId: 'unsupported' },
        );
      }
    }
  },
});
