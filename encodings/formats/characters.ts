// Characters in error messages: printable ones quoted, others (newlines, control bytes, junk) by code point,
// so that a message stays on one line and says exactly what was found.
export function showChar(ch: string): string {
  return /^[\x21-\x7e]$/.test(ch) ? `'${ch}'` : `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

const SHOWN_CHARACTERS = 40;

/**
 * Text read from a file (a word of a proof, say) for a message: quoted whole when every character is printable,
 * else each character as showChar gives it, so that no byte of it reaches a terminal raw.
 */
export function showText(text: string): string {
  // A word of a megabyte would fill the terminal: past SHOWN_CHARACTERS the rest is only counted.
  const characters = [...text];
  const shown = characters.slice(0, SHOWN_CHARACTERS).join('');
  const rest = characters.length > SHOWN_CHARACTERS ? ` (and ${characters.length - SHOWN_CHARACTERS} more characters)` : '';
  return (/^[\x21-\x7e]*$/.test(shown) ? `'${shown}'` : [...shown].map(showChar).join(' ')) + rest;
}

/** A clue as one character, as Loopy's game IDs write it: 0-9, then A-Z for 10 to 35. */
export function clueCharacter(clue: number): string {
  return clue < 10 ? String(clue) : String.fromCharCode(55 + clue);
}
