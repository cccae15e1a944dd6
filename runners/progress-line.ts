// A one-line progress indicator on stderr: redrawn in place on a terminal, plain lines otherwise.
export class Progress {
  private done_ = 0;
  private readonly started = Date.now();
  private readonly tty = Boolean(process.stderr.isTTY);
  constructor(private readonly label: string, private readonly total: number) {}

  tick(detail = ''): void {
    this.done_++;
    const elapsed = (Date.now() - this.started) / 1000;
    const eta = this.done_ < this.total ? ` eta ${formatSeconds((elapsed / this.done_) * (this.total - this.done_))}` : '';
    const line = `${this.label}: ${this.done_}/${this.total}${eta}${detail ? `  ${detail}` : ''}`;
    if (this.tty) process.stderr.write(`\r\x1b[K${line}`);
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
