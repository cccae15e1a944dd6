// The published sources `reproduce` knows, by name: the command table lists them in --help without loading
// their plans.
export const SOURCE_NAMES = ['cpsat-chapter', 'hakerh400', 'slitherlinky', 'optilog', 'liu-wu-sun'] as const;
export type SourceName = (typeof SOURCE_NAMES)[number];
