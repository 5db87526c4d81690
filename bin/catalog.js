#!/usr/bin/env node
// The `catalog` command. Runs the TypeScript sources through tsx, so `node bin/catalog.js` works from any directory.
import { register } from 'tsx/esm/api';

register();
const { main, processIO } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2), processIO());
