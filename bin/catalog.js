#!/usr/bin/env node
// The `catalog` command. Runs the compiled JavaScript in compiled/ (one bundle split into chunks, the precompiled schema
// validators and the rules' metadata, made from src/ and schemas/ by `npm ci`, `npm install` or `npm run compile`:
// scripts/compile.mjs), so nothing is compiled at run time and it works from any directory.
let cli;
try {
  cli = await import('../compiled/cli/main.js');
} catch (err) {
  if (err?.code !== 'ERR_MODULE_NOT_FOUND' || !String(err.message).includes('compiled')) throw err;
  process.stderr.write('catalog: the compiled CLI is missing: run `npm run compile` (or `npm ci`) in the project folder\n');
  process.exit(2);
}
process.exitCode = await cli.main(process.argv.slice(2), cli.processIO());
