// Characters in error messages: printable ones quoted, others (newlines, control bytes, junk) by code point,
// so that a message stays on one line and says exactly what was found.
export function showChar(ch: string): string {
  return /^[\x21-\x7e]$/.test(ch) ? `'${ch}'` : `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}
