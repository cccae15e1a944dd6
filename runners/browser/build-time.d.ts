// A module the browser build writes (runners/browser/build.ts): it exists only in the bundle.
declare module 'slitherbench:server-backends' {
  /** The back-ends that need Node, read from the registry when the module was built. */
  export const SERVER_BACKENDS: readonly { name: string; description: string; options: readonly import('../../encodings/backend.ts').BackendOption[]; presolver: boolean }[];
}
