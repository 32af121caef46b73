/**
 * Colour for the command line's text: `paint(enabled, style, text)`. The
 * playground's bundle gives `node:util` a `styleText` that leaves text as it
 * is (playground/src/shims/node-util.ts); it never asks for colour.
 */
import { styleText } from "node:util";

type Style = Parameters<typeof styleText>[0];

/** `text` in `style` when `enabled`, else as it is. */
export const paint = (enabled: boolean, style: Style, text: string): string => (enabled ? styleText(style, text) : text);
