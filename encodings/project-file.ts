// The text of slitherbench's own package.json, from disk. From the sources, or dist/ in a checkout (which links
// package.json), it is one folder up; from dist/ in an installed package, two. (The browser build, which has
// no disk, puts in the manifest as it was when the bundle was built: runners/browser/build.ts.)
import { existsSync, readFileSync } from 'node:fs';

export function readProjectFile(): string {
  const near = new URL('../package.json', import.meta.url);
  return readFileSync(existsSync(near) ? near : new URL('../../package.json', import.meta.url), 'utf8');
}
