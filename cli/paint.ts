/**
 * Colour for the command line's text: `paint(enabled, style, text)`. The
 * playground's bundle gives `node:util` a `styleText` that leaves text as it
 * is (playground/src/shims/node-util.ts); it never asks for colour.
 */
import { styleText } from "node:util";

type Style = Parameters<typeof styleText>[0];

/**
 * `text` in `style` when `enabled`, else as it is. The caller has decided (`Io` asks each stream
 * and NO_COLOR / FORCE_COLOR), so `styleText` is told not to ask again: it would look at
 * process.stdout whatever stream the text is for, and drop the colour of a terminal's stderr
 * while stdout is a pipe.
 */
export const paint = (enabled: boolean, style: Style, text: string): string =>
  enabled ? styleText(style, text, { validateStream: false }) : text;
