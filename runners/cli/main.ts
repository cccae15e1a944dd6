// The command line. The overall --help comes from the static table in command-table.ts; only the command
// being run (or whose --help is asked for) has its module imported, so start-up pays for nothing else.
import { Command, CommanderError, Help } from 'commander';
import { projectManifest } from '../../encodings/versions.ts';
import { isInputError } from '../../encodings/errors.ts';
import { COMMANDS, registerCommand, usageOf } from './command-table.ts';

export async function main(argv: string[]): Promise<number> {
  const pkg = projectManifest();
  // An unknown option is said once the settings table is loaded (see unknownOption), so that no other command loads it.
  let unknown: { text: string; option: string } | undefined;
  const program = new Command('slitherbench')
    .description('Compare solver encodings of the Slitherlink puzzle: solve, convert, check, benchmark, report.')
    .version(pkg.version)
    .exitOverride()
    .configureOutput({
      outputError: (text, write) => {
        const option = /^error: unknown option '(--[^']+)'/.exec(text)?.[1];
        if (option) unknown = { text, option };
        else write(text.startsWith('error:') ? text : `error: ${text}`);
      },
    });
  // A command not asked for is a name and a summary; its usage line is the table's, as its module would give it.
  const listed = new Map<Command, string>();
  const help = new Help();
  program.configureHelp({ subcommandTerm: (command) => listed.get(command) ?? help.subcommandTerm(command) });
  const wanted = commandNameIn(argv);
  for (const entry of COMMANDS) {
    if (entry.name === wanted) {
      await registerCommand(program, entry);
    } else {
      const placeholder = program.command(entry.name).description(entry.summary).allowUnknownOption().allowExcessArguments();
      placeholder.action(() => {
        throw new Error(`command '${entry.name}' was not loaded`);
      });
      listed.set(placeholder, `${entry.name} ${usageOf(entry)}`.trim());
    }
  }
  program.commands.forEach((command) => command.exitOverride().configureOutput(program.configureOutput()));
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0 || error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return 0;
      if (unknown) process.stderr.write(await unknownOption(unknown.text, unknown.option, wanted));
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

/** An unknown option's line: for a setting other commands take, which command does not take it, in one line. */
async function unknownOption(text: string, option: string, command: string | undefined): Promise<string> {
  const { settingRows, longFlag } = await import('../settings/table.ts');
  const isSetting = settingRows().some(([, row]) => longFlag(row) === option || (row.negation !== undefined && `--no-${longFlag(row).slice(2)}` === option));
  if (!isSetting || !command) return text;
  return `error: unknown option '${option}': a setting that ${command} does not take (\`slitherbench ${command} --help\` lists those it does)\n`;
}

/** The command argv names: its first operand (the program's own options take no values), or the one after `help`. */
export function commandNameIn(argv: readonly string[]): string | undefined {
  const operands = argv.filter((a) => !a.startsWith('-'));
  return operands[0] === 'help' ? operands[1] : operands[0];
}

const oneLine = (s: string) => s.replace(/\s*\n\s*/g, ' ').trim();
