// One clock for back-ends and harness alike: milliseconds from performance.now() (monotonic), and the
// rounding to the microsecond that records use.
export const now = () => performance.now();
export const elapsedMs = (since: number) => performance.now() - since;
export const roundMs = (ms: number) => Math.round(ms * 1000) / 1000;
/** The finest time a record holds (roundMs's microsecond): where a chart's log time axis may start. */
export const RESOLUTION_MS = 0.001;
