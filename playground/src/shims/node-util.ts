/**
 * `node:util` in the page: the plugin's picture (cli/diagram.ts) paints with
 * `styleText` when colour is on; the editor never asks for colour, so text
 * stays as it is.
 */
export const styleText = (_style: unknown, text: string, _options?: unknown): string => text;
