// The race page of a `slitherbench serve` child in headless Chromium, for the page's tests: the server, and a
// browser on a profile folder of its own with the page open, all ended when the test ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromiumContext } from '../../runners/experiments/chromium.ts';
import { servedAddress } from '../../runners/serve/served-address.ts';
import { BIN } from './cli.ts';

/** Starts `slitherbench serve --port 0 ARGS` and a browser; the page is blank, `url` the server's address. */
export async function openRacePage(t: TestContext, serveArgs: readonly string[], viewport?: { width: number; height: number }): Promise<{ server: ChildProcess; url: string; page: Page }> {
  const server = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...serveArgs], { stdio: ['ignore', 'pipe', 'inherit'] });
  t.after(() => {
    if (server.exitCode === null) server.kill('SIGTERM');
  });
  const url = await servedAddress(server);
  const profile = mkdtempSync(join(tmpdir(), 'slitherbench-chromium-'));
  let context: BrowserContext;
  try {
    context = await launchChromiumContext(profile, viewport);
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  t.after(async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });
  return { server, url, page: context.pages()[0] ?? (await context.newPage()) };
}
