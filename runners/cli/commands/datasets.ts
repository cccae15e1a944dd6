import type { Command } from 'commander';
import { builtinDatasetNames, builtinManifest } from '../../../datasets/builtin.ts';
import { flagOption } from '../../settings/command-line.ts';

export function register(declared: Command): void {
  declared
    .addOption(flagOption('json', { help: 'print the manifests as a JSON array' }))
    .action((options: { json?: boolean }) => {
      const manifests = builtinDatasetNames().map(builtinManifest);
      if (options.json) {
        process.stdout.write(JSON.stringify(manifests, null, 2) + '\n');
        return;
      }
      const width = Math.max(4, ...manifests.map((m) => m.name.length));
      process.stdout.write(`${'name'.padEnd(width)}  count  sizes      source\n`);
      for (const m of manifests) {
        process.stdout.write(`${m.name.padEnd(width)}  ${String(m.count).padStart(5)}  ${m.sizes.join(',').padEnd(9)}  ${m.source}${m.version ? ` ${m.version}` : ''}: ${m.description}\n`);
      }
      process.stdout.write('\nAlso accepted by --dataset: a file of puzzles (one URL or Loopy ID per line), a directory of puzzle files, a janko JSON or an LPL text file.\n');
    });
}
