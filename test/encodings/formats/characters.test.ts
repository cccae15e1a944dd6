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
