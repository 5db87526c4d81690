#!/usr/bin/env node
// The `catalog` command. Runs the compiled JavaScript in compiled/ (one bundle split into chunks, the precompiled schema
// validators and the rules' metadata, made from src/ and schemas/ by `npm ci`, `npm install` or `npm run compile`:
// scripts/compile.mjs), so nothing is compiled at run time and it works from any directory.
//
// This file is CommonJS (bin/package.json): `catalog --version` and a plain `catalog rules` are answered by
// compiled/cli/quick.cjs from two JSON files, without starting node's ES module loader (about 6 ms) or reading the
// CLI's modules. Every other command imports the ES module bundle.
'use strict';
const path = require('node:path');

const argv = process.argv.slice(2);
const missing = () => {
  process.stderr.write('catalog: the compiled CLI is missing: run `npm run compile` (or `npm ci`) in the project folder\n');
  process.exitCode = 2;
};

let quick;
try {
  quick = require('../compiled/cli/quick.cjs').quickAnswer(argv, path.join(__dirname, '..'));
} catch (err) {
  if (err?.code !== 'MODULE_NOT_FOUND') throw err;
}
if (quick !== undefined) process.stdout.write(quick);
else
  import('../compiled/cli/main.js').then(
    async (cli) => {
      process.exitCode = await cli.main(argv, cli.processIO());
    },
    (err) => {
      if (err?.code !== 'ERR_MODULE_NOT_FOUND' || !String(err.message).includes('compiled')) throw err;
      missing();
    },
  );
