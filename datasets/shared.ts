// Third-party collections and the peer's timings live in ../shared/datasets beside the repository, never
// inside it. Whoever reads them checks that they are there and says so when they are not.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Compiled, this module runs from dist/datasets/, one folder deeper in the repository.
export const SHARED_DATASETS = fileURLToPath(new URL(import.meta.url.endsWith('/dist/datasets/shared.js') ? '../../../shared/datasets/' : '../../shared/datasets/', import.meta.url));

/** The janko collection (its solutions sit beside it as Slitherlink_solutions.json). */
export const JANKO_PUZZLES = `${SHARED_DATASETS}janko/Slitherlink_puzzles.json`;
/** cspuz_core's per-puzzle times on the janko collection and on the built-in sets. */
export const PEER_JANKO = `${SHARED_DATASETS}reference/cspuz-core-janko.csv`;
export const PEER_BUILTIN = `${SHARED_DATASETS}reference/cspuz-core-builtin.csv`;

export const hasShared = (path: string) => existsSync(path);
