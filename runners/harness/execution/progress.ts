// A one-line progress indicator on stderr: redrawn in place on a terminal, plain lines otherwise.
export class Progress {
  private done_: number;
  private ticked = 0;
  private readonly started = Date.now();
  private readonly tty = Boolean(process.stderr.isTTY);
  /** `already` counts work done before this process started (a resumed run); it does not feed the ETA. */
  constructor(private readonly label: string, private readonly total: number, already = 0) {
    this.done_ = already;
  }

  /** One more done. `status` stays on a terminal line; `detail` is shown too (and logged when not a TTY). */
  tick(status = '', detail = ''): void {
    this.done_++;
    this.ticked++;
    const elapsed = (Date.now() - this.started) / 1000;
    const eta = this.done_ < this.total ? ` eta ${formatSeconds((elapsed / this.ticked) * (this.total - this.done_))}` : '';
    const line = `${this.label}: ${this.done_}/${this.total}${eta}${status ? `  ${status}` : ''}${detail ? `  ${detail}` : ''}`;
    if (this.tty) process.stderr.write(`\r\x1b[K${line.slice(0, (process.stderr.columns ?? 100) - 1)}`);
    else process.stderr.write(`${line}\n`);
  }

  /** A line about work inside the current item (e.g. a long puzzle's rounds), without counting one done. */
  note(detail: string): void {
    const line = `${this.label}: ${this.done_}/${this.total}  ${detail}`;
    if (this.tty) process.stderr.write(`\r\x1b[K${line.slice(0, (process.stderr.columns ?? 100) - 1)}`);
    else process.stderr.write(`${line}\n`);
  }

  done(): void {
    if (this.tty && this.done_ > 0) process.stderr.write('\n');
  }
}

export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(0)}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`;
  return `${Math.floor(seconds / 3600)}h${String(Math.round((seconds % 3600) / 60)).padStart(2, '0')}m`;
}
