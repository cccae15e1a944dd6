// Headless Chromium through playwright-core, started alike by bench:browser and by the tests of the pages and
// reports: the system's build (npm run setup:system installs it), with no sandbox, GPU, QUIC, first-run
// screens or background traffic, so that a run measures and checks the page alone.
import { existsSync } from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
/** Why a browser check cannot run here, or false when it can. */
export const chromiumAbsent = (): string | false => (existsSync(CHROMIUM) ? false : `${CHROMIUM} is absent (install it with npm run setup:system)`);

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A browser with a temporary profile of its own. */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
}

/** A browser whose profile is the folder `profile` (the caller's to remove), with one page open. */
export async function launchChromiumContext(profile: string, viewport?: { width: number; height: number }): Promise<BrowserContext> {
  const { chromium } = await import('playwright-core');
  return chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS, ...(viewport ? { viewport } : {}) });
}
