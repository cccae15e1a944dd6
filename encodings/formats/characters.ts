// Characters in error messages: printable ones quoted, others (newlines, control bytes, junk) by code point,
// so that a message stays on one line and says exactly what was found.
export function showChar(ch: string): string {
  return /^[\x21-\x7e]$/.test(ch) ? `'${ch}'` : `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Text read from a file, made safe to print inside a message: every character outside printable ASCII as its
 * code point (an escape sequence in a file must not repaint the terminal), cut after `most` characters.
 */
export function showText(text: string, most = 40): string {
  const cut = text.length > most ? `${text.slice(0, most)}...` : text;
  return cut.replace(/[^\x20-\x7e]/gu, (ch) => `<U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`);
}

/** A clue as one character, as Loopy's game IDs write it: 0-9, then A-Z for 10 to 35. */
export function clueCharacter(clue: number): string {
  return clue < 10 ? String(clue) : String.fromCharCode(55 + clue);
}
