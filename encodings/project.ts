// slitherbench's own package.json (its version and dependencies), and available() and version() of the
// back-ends that are this project's own code. Nothing from Node here but reading that file (project-file.ts),
// which the browser build replaces with the manifest as it was when the bundle was built.
import { readProjectFile } from './project-file.ts';

export interface ProjectManifest {
  version: string;
  dependencies: Record<string, string>;
}
let project: ProjectManifest | undefined;

/** slitherbench's own package.json: its version (the `rules` back-end's, too) and its dependencies. */
export function projectManifest(): ProjectManifest {
  project ??= JSON.parse(readProjectFile()) as ProjectManifest;
  return project;
}

/**
 * available() and version() of a back-end that is this project's own code (rules, cdcl-loop, auto): it runs
 * wherever slitherbench runs, and its version is the project's.
 */
export const OWN_CODE = {
  async available(): Promise<{ available: true }> {
    return { available: true };
  },
  async version(): Promise<string> {
    return `slitherbench ${projectManifest().version}`;
  },
};
