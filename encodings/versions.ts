// Versions read from what is installed, never typed in: npm packages by their package.json, native
// binaries by what they print.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const cache = new Map<string, string | null>();

export interface ProjectManifest {
  version: string;
  dependencies: Record<string, string>;
}
let project: ProjectManifest | undefined;

/** slitherbench's own package.json: its version (the `rules` back-end's, too) and its dependencies. */
export function projectManifest(): ProjectManifest {
  project ??= JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as ProjectManifest;
  return project;
}

/** The installed version of an npm package, or null when it is not installed. */
export function packageVersion(name: string): string | null {
  if (!cache.has(name)) {
    let version: string | null = null;
    try {
      const url = new URL(`../node_modules/${name}/package.json`, import.meta.url);
      version = (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
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
