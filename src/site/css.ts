/**
 * The site's stylesheet, served same-origin (static/site.css): system fonts only (no web font), colours with a contrast
 * of at least 4.5:1 on their background (WCAG AA), a visible focus ring, and the form's states not shown by colour alone.
 */
export const stylesheet = `
:root { color-scheme: light; --ink: #1b1b1f; --muted: #4a4a55; --paper: #ffffff; --line: #c9c9d1; --link: #0b4fbd;
  --bad: #a4161a; --bad-bg: #fdecec; --good: #1b6b34; --good-bg: #e9f6ed; --focus: #ffbf47; --soft: #f3f4f7; }
* { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif; line-height: 1.5; color: var(--ink); background: var(--paper); }
body { margin: 0; }
/* Nothing may widen the page: long codes, IBANs and URLs wrap (WCAG reflow: no sideways scroll at 320 px). */
main, footer.site { overflow-wrap: break-word; }
code, .code, button.fill { overflow-wrap: anywhere; }
a { color: var(--link); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, main:focus-visible, .table-scroll:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; box-shadow: 0 0 0 5px var(--ink); }
main:focus { outline: none; }
.skip { position: absolute; left: 0.5rem; top: -3rem; background: var(--ink); color: #fff; padding: 0.5rem 1rem; z-index: 10; }
.skip:focus { top: 0.5rem; }
header.site { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: center; padding: 0.75rem 1.5rem; border-bottom: 1px solid var(--line); background: var(--soft); }
header.site p { margin: 0; }
.brand a { font-weight: 700; color: var(--ink); text-decoration: none; }
header nav ul { display: flex; flex-wrap: wrap; gap: 1rem; list-style: none; margin: 0; padding: 0; }
.lang-switch { margin-left: auto !important; }
.lang-switch a { font-weight: 600; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
footer.site { border-top: 1px solid var(--line); padding: 1rem 1.5rem; color: var(--muted); font-size: 0.9rem; }
h1 { font-size: 1.8rem; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.3rem; margin: 2rem 0 0.5rem; }
.code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.85em; color: var(--muted); font-weight: 400; }
.table-scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.4rem 0.6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
thead th { border-bottom: 2px solid var(--ink); }
tbody th { font-weight: 400; }
table.provenance th .code { overflow-wrap: anywhere; }
table.provenance blockquote { margin: 0 0 0.5rem; padding-left: 0.75rem; border-left: 3px solid var(--line); }
table.provenance p { margin: 0 0 0.25rem; }
dl.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.25rem 1.5rem; margin: 0; }
dl.facts > div { display: contents; }
dt { font-weight: 600; }
dd { margin: 0; }
.badge { display: inline-block; white-space: nowrap; padding: 0 0.5rem; border-radius: 0.75rem; border: 1px solid currentColor; font-size: 0.9em; }
.phase-live, .status-open { color: var(--good); background: var(--good-bg); }
.phase-never, .status-restricted { color: var(--bad); background: var(--bad-bg); }
.review.stale { color: var(--bad); font-weight: 600; }
.muted { color: var(--muted); }
ul.inline { display: inline; list-style: none; padding: 0; margin: 0; }
ul.inline li { display: inline; }
ul.inline li + li::before { content: ", "; }
ul.choices { font-size: 1.3rem; }
.form-section { margin-top: 2rem; border-top: 2px solid var(--ink); }
form.beneficiary { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1.25rem; max-width: 40rem; }
.field { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.25rem; padding-left: 0.75rem; border-left: 4px solid transparent; min-width: 0; }
.field[data-state="invalid"] { border-left-color: var(--bad); }
.field[data-state="valid"] { border-left-color: var(--good); }
.field label { font-weight: 600; }
.req { font-weight: 400; color: var(--muted); }
.field input, .field select { font: inherit; padding: 0.45rem 0.6rem; border: 2px solid var(--muted); border-radius: 4px; background: #fff; color: var(--ink); width: 100%; min-width: 0; }
.field input[aria-invalid="true"], .field select[aria-invalid="true"] { border-color: var(--bad); background: var(--bad-bg); }
.field p { margin: 0; }
.help, .rules, p.examples, .variants { color: var(--muted); font-size: 0.95rem; }
.variants ul { margin: 0.15rem 0 0; padding-left: 1.25rem; }
.variants .option { font-weight: 600; }
.error { color: var(--bad); font-weight: 600; }
.error::before { content: "✗ "; }
.normalized { color: var(--good); }
.examples code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.95em; }
.normalized code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 1em; background: var(--good-bg); padding: 0 0.25rem; }
button.fill code { font-size: 0.95rem; }
.try { display: flex; flex-wrap: wrap; gap: 0.35rem; align-items: center; font-size: 0.9rem; color: var(--muted); }
button { font: inherit; cursor: pointer; }
button.fill { padding: 0.1rem 0.5rem; border: 1px solid var(--muted); border-radius: 4px; background: var(--soft); color: var(--ink); max-width: 100%; text-align: left; }
.counterexamples button.fill { border-style: dashed; }
.actions button { padding: 0.5rem 1rem; border: 0; border-radius: 4px; background: var(--link); color: #fff; font-weight: 600; }
.actions { display: flex; flex-wrap: wrap; gap: 0.5rem 0.75rem; align-items: center; }
#form-status { margin: 0; font-weight: 600; }
.noscript { padding: 0.5rem 0.75rem; border-left: 4px solid var(--muted); background: var(--soft); }
[hidden] { display: none !important; }
/* The preview's list of problems: long paths and messages wrap rather than widen the page. */
pre.problems { white-space: pre-wrap; overflow-wrap: anywhere; }
@media (max-width: 40rem) { dl.facts { grid-template-columns: minmax(0, 1fr); } dt { margin-top: 0.5rem; } }
/* Narrow screens: each row of an index table becomes a block, each cell with its column's name (aria-hidden). */
.cell-label { display: none; }
@media (max-width: 40rem) {
  table.stack, table.stack tbody, table.stack tr, table.stack th, table.stack td { display: block; }
  table.stack thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  table.stack tr { padding: 0.5rem 0; border-bottom: 1px solid var(--line); }
  table.stack th, table.stack td { border: 0; padding: 0.1rem 0; }
  table.stack tbody th { font-weight: 600; }
  table.stack td:empty { padding: 0; } /* kept, not display: none, so that the cells after it keep their columns */
  table.stack .cell-label { display: inline; color: var(--muted); }
}
@media (max-width: 30rem) { main { padding: 1rem 1rem 3rem; } header.site, footer.site { padding: 0.75rem 1rem; } .field { padding-left: 0.5rem; } }
`;
