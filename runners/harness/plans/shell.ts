// Commands printed for the user to paste into a POSIX shell: each word left bare when it holds only
// characters no shell treats specially, else single-quoted (a quote inside closes, escapes and reopens).
const BARE = /^[\w@%+=:,./-]+$/;

export function shellQuote(word: string): string {
  return BARE.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The words as one command line. */
export function shellCommand(words: readonly string[]): string {
  return words.map(shellQuote).join(' ');
}
