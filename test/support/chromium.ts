/**
 * The Chromium every browser test drives: the system's (Debian's `chromium`
 * package, or the binary CHROMIUM_PATH names), never a downloaded one, with
 * the switches it runs under here. Used by vitest.browser.config.ts and
 * test/playground/.
 */
export const chromiumPath = (): string => process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";

/**
 * No sandbox (CI runs as root), no GPU, and none of the background requests
 * to Google's services, which a machine without network access would answer
 * with refused connections.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
