#!/usr/bin/env node
// The `catalog` command. Runs the compiled JavaScript in compiled/ (one CommonJS bundle with V8's code cache of it, the
// precompiled schema validators and the rules' metadata, made from src/ and schemas/ by `npm ci`, `npm install` or
// `npm run compile`: scripts/compile.mjs), so nothing is compiled at run time and it works from any directory.
//
// This file is CommonJS (bin/package.json): `catalog --version` and a plain `catalog rules` are answered by
// compiled/cli/quick.cjs from two JSON files, without reading the CLI's bundle. Every other command loads the bundle,
// compiled/cli/main.cjs, through compiled/cli/code-cache.cjs, which hands V8 the bytecode a training run compiled.
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
else {
  let cli;
  try {
    cli = require('../compiled/cli/code-cache.cjs').loadBundle(path.join(__dirname, '..', 'compiled', 'cli', 'main.cjs')).exports;
  } catch (err) {
    if ((err?.code !== 'MODULE_NOT_FOUND' && err?.code !== 'ENOENT') || !String(err.message).includes('compiled')) throw err;
    missing();
  }
  if (cli)
    cli.main(argv, cli.processIO()).then((code) => {
      process.exitCode = code;
      // The command is done (a server resolves once stopped): the process ends when its output is out. Node's own end
      // would first run V8's pending garbage-collection tasks and tear the heap down, tens of milliseconds on a large
      // catalog (src/cli/main.ts, Command.run).
      process.stdout.write('', () => process.stderr.write('', () => process.exit()));
    });
}
