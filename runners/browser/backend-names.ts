// The back-ends the browser module runs (index.ts bundles them; the build lists the others as needing Node).
export const BROWSER_BACKENDS = ['auto', 'cdcl-loop', 'rules'] as const;
export type BrowserBackend = (typeof BROWSER_BACKENDS)[number];
