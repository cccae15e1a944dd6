// Times as the harness records them: milliseconds from a monotonic clock, rounded to the microsecond.
export const now = () => process.hrtime.bigint();
export const elapsedMs = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e6;
export const roundMs = (ms: number) => Math.round(ms * 1000) / 1000;
