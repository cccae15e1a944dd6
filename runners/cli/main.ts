// The command line. Each command lives in runners/commands/<name>.ts and exports `register(program)`;
// they are discovered, so adding a command touches nothing else.
import { readdirSync } from 'node:fs';
import { projectManifest } from '../../encodings/versions.ts';
import { Command, CommanderError } from 'commander';
import { isInputError } from '../../encodings/errors.ts';

export async function main(argv: string[]): Promise<number> {
  const pkg = projectManifest();
  const program = new Command('slitherbench')
    .description('Compare solver encodings of the Slitherlink puzzle: solve, convert, check, benchmark, report.')
    .version(pkg.version)
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(text.startsWith('error:') ? text : `error: ${text}`) });
  const directory = new URL('./commands/', import.meta.url);
  for (const file of readdirSync(directory).filter((f) => /\.(ts|js)$/.test(f)).sort()) {
    const module = (await import(new URL(file, directory).href)) as { register?: (program: Command) => void };
    module.register?.(program);
  }
  program.commands.forEach((command) => command.exitOverride().configureOutput(program.configureOutput()));
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0 || error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return 0;
      return 2; // commander has printed the message
    }
    if (isInputError(error)) {
      process.stderr.write(`error: ${oneLine(error.message)}\n`);
      return 2;
    }
    process.stderr.write(`error: internal: ${oneLine(error instanceof Error ? error.message : String(error))}\n`);
    if (process.env.SLITHERBENCH_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    return 1;
  }
}

const oneLine = (s: string) => s.replace(/\s*\n\s*/g, ' ').trim();
