#!/usr/bin/env node
// Runs the TypeScript sources through tsx, so that `npx slitherbench` needs no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../runners/cli/main.ts');
const code = await main(process.argv.slice(2));
// Solver libraries may keep worker threads alive; a finished command exits promptly.
process.stdout.write('', () => process.exit(code));
