// Versions read from what is installed, never typed in: npm packages by their package.json, native
// binaries by what they print.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const cache = new Map<string, string | null>();

// Read without Node's help beyond one file (project.ts), so that the back-ends that import it run in a browser.
export { OWN_CODE, projectManifest, type ProjectManifest } from './project.ts';

/**
 * A file of an installed npm package (`vega/build/vega.min.js`), found as Node finds packages: in the
 * node_modules folders from here upwards (an installed slitherbench has its dependencies beside it, not inside).
 */
export function installedFile(path: string): URL | null {
  for (let folder = new URL('../', import.meta.url); ; folder = new URL('../', folder)) {
    const url = new URL(`node_modules/${path}`, folder);
    if (existsSync(url)) return url;
    if (folder.pathname === '/') return null;
  }
}

/** The installed version of an npm package, or null when it is not installed. */
export function packageVersion(name: string): string | null {
  if (!cache.has(name)) {
    let version: string | null = null;
    try {
      const url = installedFile(`${name}/package.json`);
      version = url ? (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version : null;
    } catch {
      version = null;
    }
    cache.set(name, version);
  }
  return cache.get(name)!;
}

/** `name version` of an npm package, or `name (not installed)`. */
export function describePackage(name: string): string {
  return `${name} ${packageVersion(name) ?? '(not installed)'}`;
}

/** The first line a binary prints for `args` (its version), or null when it cannot be run. */
export function binaryVersion(path: string, args: readonly string[] = ['--version']): string | null {
  const key = `${path}\u0000${args.join(' ')}`;
  if (!cache.has(key)) {
    let line: string | null = null;
    try {
      const out = execFileSync(path, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 5000 });
      line = out.split('\n').map((l) => l.replace(/^c\s+/, '').trim()).find(Boolean) ?? null;
    } catch (error) {
      // Some solvers print their version and exit non-zero.
      const out = String((error as { stdout?: string }).stdout ?? '');
      line = out.split('\n').map((l) => l.replace(/^c\s+/, '').trim()).find(Boolean) ?? null;
    }
    cache.set(key, line);
  }
  return cache.get(key)!;
}
