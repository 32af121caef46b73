/**
 * The plugin's quick fixes, read from the library's own message: an xla
 * misfit lists its `valid broadcastDimensions: [0] or [1]`, a pdpd misfit the
 * `axis 1 fits` / `axes 0 or 1 fit`, an explicit broadcast-to its `valid
 * axesMapping: ...`. Each choice becomes a code action setting that field in
 * the call's options literal (replacing the value there, or adding the field).
 */
import type ts from "typescript";

/** One fix: the options field and the value text to give it. */
export interface FieldFix {
  readonly field: "broadcastDimensions" | "axesMapping" | "axis";
  readonly value: string;
}

/** The fixes a library message offers. */
export function fixesIn(message: string): FieldFix[] {
  const fixes: FieldFix[] = [];
  const dims = /valid (broadcastDimensions|axesMapping): (.+?)(?:;|$)/.exec(message);
  if (dims !== null) {
    const field = dims[1] as "broadcastDimensions" | "axesMapping";
    for (const match of dims[2]!.matchAll(/\[[^\]]*\]/g)) fixes.push({ field, value: match[0] });
  }
  const axes = /\bax(?:is|es) ((?:-?\d+(?:, | or )?)+) fits?\b/.exec(message);
  if (axes !== null) for (const match of axes[1]!.matchAll(/-?\d+/g)) fixes.push({ field: "axis", value: match[0] });
  return fixes;
}

/** The text change setting `fix` in the options literal of `call`, or undefined when the call has no options literal. */
export function fieldChange(typescript: typeof ts, file: ts.SourceFile, call: ts.CallExpression, fix: FieldFix): ts.TextChange | undefined {
  const options = call.arguments.at(-1);
  if (options === undefined || !typescript.isObjectLiteralExpression(options)) return undefined;
  const property = options.properties.find((p) => typescript.isPropertyAssignment(p) && p.name.getText(file) === fix.field);
  if (property !== undefined && typescript.isPropertyAssignment(property)) {
    const value = property.initializer;
    return { span: { start: value.getStart(file), length: value.getEnd() - value.getStart(file) }, newText: fix.value };
  }
  const last = options.properties.at(-1);
  if (last === undefined) return { span: { start: options.getStart(file) + 1, length: options.getEnd() - options.getStart(file) - 2 }, newText: ` ${fix.field}: ${fix.value} ` };
  return { span: { start: last.getEnd(), length: 0 }, newText: `, ${fix.field}: ${fix.value}` };
}
