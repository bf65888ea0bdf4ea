import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium, or the one `CHROMIUM_PATH` names. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Whether browser tests can run. Without Chromium they are skipped with a message saying how to enable
 * them — except in CI, where `.ci/run` installs it and its absence is a failure.
 */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (process.env.CI) throw new Error(`CI needs Chromium at ${CHROMIUM_PATH}; .ci/run installs Debian's chromium`);
  console.warn(
    `Browser tests skipped: no Chromium at ${CHROMIUM_PATH}. Install it (apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  return false;
}

/** Headless Chromium kept off the network: no background services, no QUIC, a fresh profile. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
      '--disable-extensions',
    ],
  });
}
