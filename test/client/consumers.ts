/**
 * Projects that use the SDK as clients write them, one for each module system and TypeScript module resolution the
 * package supports (docs/sdk.md, "Module systems"). Each prints one JSON line of what it got from a real service.
 */

/**
 * One consumer project: its package.json "type", its tsconfig (none: plain JavaScript) and its files. skipLibCheck is
 * on, as `tsc --init` writes it, except in one project: the script's use of the SDK is checked in every project (a
 * type the SDK's declarations fail to give fails the @ts-expect-error line), the declarations themselves once.
 */
export interface Consumer {
  name: string;
  type: 'commonjs' | 'module';
  /** compilerOptions, compiled with `tsc -p` (strict); absent for a plain JavaScript project. */
  compilerOptions?: Record<string, unknown>;
  files: Record<string, string>;
  /** The file node runs (after tsc, or after esbuild when `bundle`). */
  main: string;
  /** Bundled with esbuild before it runs, as an application built by a bundler is. */
  bundle?: boolean;
  /** The module system the SDK is loaded in: which of its two builds the run must use. */
  loads: 'cjs' | 'esm';
}

/** What every consumer prints: a rail read, a beneficiary checked by the service and offline, a typed error. */
export interface ConsumerOutput {
  id: string;
  currency: string;
  valid: boolean;
  normalized: Record<string, string>;
  offline: string[];
  missing: string;
  /** The SDK file that was loaded (index.js: the ESM build; index.cjs: the CommonJS one). */
  build?: string;
}

/**
 * The TypeScript script of every TypeScript consumer. The @ts-expect-error line fails the compilation when the
 * package's types are not found (every import is then `any`) as well as when they are wrong.
 */
const SCRIPT_TS = `import { CatalogApiError, CatalogClient, NotFoundError, validateBeneficiary, type BeneficiaryCheck, type Rail } from '@payout-catalog/client';

async function main(): Promise<void> {
  const client = new CatalogClient({ baseUrl: process.env.CATALOG_URL!, apiKey: process.env.CATALOG_API_KEY! });
  const rail: Rail = await client.rails.get('BR-pix');
  // @ts-expect-error: a rail's id is a string (this line fails to compile when the SDK's types are missing)
  const wrong: number = rail.id;
  const checked: BeneficiaryCheck = await client.rails.checkBeneficiary('BR-pix', { pixKeyType: 'cpf', pixKey: '52998224725' });
  const offline = validateBeneficiary(rail, { pixKeyType: 'cpf', pixKey: ' 5299822472X ' });
  let missing = 'no error';
  try {
    await client.rails.get('XX-nope');
  } catch (err) {
    if (err instanceof NotFoundError) missing = \`\${err.name} \${err.status} \${err.code} \${err.param}\`;
    else if (err instanceof CatalogApiError) missing = \`other \${err.status}\`;
    else throw err;
  }
  console.log(JSON.stringify({ id: rail.id, currency: rail.currency, valid: checked.valid, normalized: checked.normalized, offline: offline.errors.map((e) => \`\${e.field} \${e.code} \${e.message.en.length > 0}\`), missing }));
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
`;

/** The same, in plain JavaScript, for require and for import; the ESM one also loads the CommonJS build beside it. */
function scriptJs(kind: 'require' | 'import'): string {
  const head =
    kind === 'require'
      ? `const { CatalogApiError, CatalogClient, NotFoundError, validateBeneficiary } = require('@payout-catalog/client');\nconst build = require.resolve('@payout-catalog/client');\n`
      : `import { createRequire } from 'node:module';\nimport { CatalogApiError, CatalogClient, NotFoundError, RailClosedError, validateBeneficiary } from '@payout-catalog/client';\nconst build = import.meta.resolve('@payout-catalog/client');\n`;
  const hazard =
    kind === 'import'
      ? `
  // The dual-package hazard: the CommonJS build loaded in the same process is a second copy of every class.
  const cjs = createRequire(import.meta.url)('@payout-catalog/client');
  const fromCjs = await new cjs.CatalogClient({ baseUrl: process.env.CATALOG_URL, apiKey: process.env.CATALOG_API_KEY }).rails.get('XX-nope').catch((e) => e);
  const fromEsm = await client.rails.get('XX-nope').catch((e) => e);
  out.hazard = { twoCopies: cjs.NotFoundError !== NotFoundError, esmClassCjsError: fromCjs instanceof NotFoundError, esmBaseCjsError: fromCjs instanceof CatalogApiError, esmOtherClassCjsError: fromCjs instanceof RailClosedError, cjsClassEsmError: fromEsm instanceof cjs.NotFoundError, plainError: new Error('x') instanceof cjs.CatalogApiError };`
      : '';
  return `${head}
async function main() {
  const client = new CatalogClient({ baseUrl: process.env.CATALOG_URL, apiKey: process.env.CATALOG_API_KEY });
  const rail = await client.rails.get('BR-pix');
  const checked = await client.rails.checkBeneficiary('BR-pix', { pixKeyType: 'cpf', pixKey: '52998224725' });
  const offline = validateBeneficiary(rail, { pixKeyType: 'cpf', pixKey: ' 5299822472X ' });
  let missing = 'no error';
  try {
    await client.rails.get('XX-nope');
  } catch (err) {
    if (err instanceof NotFoundError) missing = \`\${err.name} \${err.status} \${err.code} \${err.param}\`;
    else if (err instanceof CatalogApiError) missing = \`other \${err.status}\`;
    else throw err;
  }
  const out = { id: rail.id, currency: rail.currency, valid: checked.valid, normalized: checked.normalized, offline: offline.errors.map((e) => \`\${e.field} \${e.code} \${e.message.en.length > 0}\`), missing, build: build.split('/').pop() };${hazard}
  console.log(JSON.stringify(out));
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
`;
}

/** Every kind of project the SDK supports. */
export const CONSUMERS: Consumer[] = [
  {
    // What `npm init` and an older tsconfig make: CommonJS, node10 resolution (main and types, no exports). The one
    // project that also type-checks the SDK's declarations (skipLibCheck off: slow, @types/node is checked as well).
    name: 'cjs-node10',
    type: 'commonjs',
    compilerOptions: { strict: true, target: 'es2018', module: 'commonjs', moduleResolution: 'node10', types: ['node'], skipLibCheck: false },
    files: { 'index.ts': SCRIPT_TS },
    main: 'index.js',
    loads: 'cjs',
  },
  {
    name: 'esm-node16',
    type: 'module',
    compilerOptions: { strict: true, target: 'es2022', module: 'node16', moduleResolution: 'node16', types: ['node'], skipLibCheck: true },
    files: { 'index.ts': SCRIPT_TS },
    main: 'index.js',
    loads: 'esm',
  },
  {
    // nodenext in a CommonJS package: the "require" condition, with its own declarations (.d.cts).
    name: 'cjs-nodenext',
    type: 'commonjs',
    compilerOptions: { strict: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', types: ['node'], skipLibCheck: true },
    files: { 'index.ts': SCRIPT_TS },
    main: 'index.js',
    loads: 'cjs',
  },
  {
    // An application built by a bundler: tsc checks and emits ESM, esbuild bundles it ("import" condition).
    name: 'esm-bundler',
    type: 'module',
    compilerOptions: { strict: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', types: ['node'], skipLibCheck: true },
    files: { 'index.ts': SCRIPT_TS },
    main: 'index.js',
    bundle: true,
    loads: 'esm',
  },
  { name: 'js-require', type: 'commonjs', files: { 'index.js': scriptJs('require') }, main: 'index.js', loads: 'cjs' },
  { name: 'js-import', type: 'module', files: { 'index.js': scriptJs('import') }, main: 'index.js', loads: 'esm' },
];
