// Characters and text from a file in messages: printable text quoted as it is, anything else by code point.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { showChar, showText } from '../../../encodings/formats/characters.ts';

test('showText quotes printable text whole and writes every other character as showChar does', () => {
  assert.equal(showText('-12'), "'-12'");
  assert.equal(showText(''), "''");
  assert.equal(showText('a\u001b[0m'), "'a' U+001B '[' '0' 'm'");
  assert.equal(showText('\u{1F600}'), showChar('\u{1F600}'));
  assert.equal(showText('a b'), "'a' U+0020 'b'");
});

test('showText shows at most 40 characters of a word and counts the rest, so that a huge word cannot fill the terminal', () => {
  assert.equal(showText('7'.repeat(1000)), `'${'7'.repeat(40)}' (and 960 more characters)`);
  assert.equal(['-5', '\u001b[2J'].map(showText).join(' '), "'-5' U+001B '[' '2' 'J'", 'map passes an index: it must not become the limit');
});
