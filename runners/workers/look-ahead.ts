// A thread that expects a message soon looks for it for a moment before it sleeps: on a virtual machine,
// waking a sleeping thread costs tens of microseconds, a good part of a 10x10's own time. Both ends of a
// warm worker do it: the worker for its next puzzle (worker.ts), a caller that waits for each answer for the
// answer (worker-process.ts).
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';

/** How long a look lasts, in ms. */
const LOOK_MS = 0.5;
/** After looks that found nothing, at most this many turns go by without a look. */
const MOST_SKIPPED = 15;

/**
 * Looks at one port, turn after turn. A look that finds nothing makes the next turns go without one: one,
 * then three, seven and at most fifteen; one that finds a message starts again. So a side that seldom sends
 * costs the other at most one look in sixteen turns, and a warm one's rare slow turn costs few looks.
 */
export class LookAhead {
  private skipping = 0;
  private skips = 0;

  /** The oldest message on `port` within this turn's look; undefined when none came or the turn has no look. */
  next(port: MessagePort): { message: unknown } | undefined {
    if (this.skipping > 0) {
      this.skipping--;
      return undefined;
    }
    const until = performance.now() + LOOK_MS;
    do {
      const found = receiveMessageOnPort(port);
      if (found) {
        this.skips = 0;
        return found;
      }
    } while (performance.now() < until);
    this.skipping = this.skips = Math.min(MOST_SKIPPED, 2 * this.skips + 1);
    return undefined;
  }
}
