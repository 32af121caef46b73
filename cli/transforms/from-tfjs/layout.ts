/**
 * A rewritten call laid out as the call it replaces: when the original
 * spreads its arguments over several lines, the new call's arguments take
 * the same places, each after the text that stood before the original's
 * argument in that position (line break, indentation, a comment), and the
 * call closes as it did (a trailing comma, the parenthesis on its own line).
 * A comment that stood among arguments the rewrite drops follows the last
 * argument, as a block comment.
 */
import { type CallExpression, ts } from "ts-morph";

/** The texts between a call's arguments: after `(`, between each pair, before `)`. */
function gaps(call: CallExpression): { open: string; between: string[]; close: string } | undefined {
  const args = call.getArguments();
  if (args.length === 0) return undefined;
  const text = call.getSourceFile().getFullText();
  const open = call.getFirstChildByKindOrThrow(ts.SyntaxKind.OpenParenToken).getEnd();
  const close = call.getLastChildByKindOrThrow(ts.SyntaxKind.CloseParenToken).getStart();
  const between = args.slice(1).map((arg, i) => text.slice(args[i]!.getEnd(), arg.getStart()));
  return { open: text.slice(open, args[0]!.getStart()), between, close: text.slice(args[args.length - 1]!.getEnd(), close) };
}

/** A gap's separator without its comments, for arguments the original did not have. */
const plain = (gap: string): string => gap.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, "").replace(/[ \t]+\n/g, "\n");

/**
 * `text` (a call written on one line) laid out as `original`: unchanged when
 * the original's arguments sit on one line or `text` is not a call with arguments.
 */
export function laidOutAs(original: CallExpression, text: string): string {
  const shape = gaps(original);
  if (shape === undefined || ![shape.open, ...shape.between, shape.close].some((gap) => gap.includes("\n"))) return text;
  const parsed = ts.createSourceFile("call.ts", text, ts.ScriptTarget.Latest, true);
  const statement = parsed.statements[0];
  if (parsed.statements.length !== 1 || statement === undefined || !ts.isExpressionStatement(statement) || !ts.isCallExpression(statement.expression)) return text;
  const call = statement.expression;
  if (call.arguments.length === 0 || call.end !== text.trimEnd().length) return text;
  const args = call.arguments.map((arg) => text.slice(arg.getStart(parsed), arg.end));
  const fallback = shape.between.length > 0 ? plain(shape.between[shape.between.length - 1]!) : plain(shape.open).includes("\n") ? `,${plain(shape.open)}` : ", ";
  let out = `${text.slice(0, call.expression.end)}${text.slice(call.expression.end, call.arguments.pos)}${shape.open}${args[0]}`;
  for (let i = 1; i < args.length; i++) out += `${shape.between[i - 1] ?? fallback}${args[i]}`;
  // comments between arguments the rewrite dropped (matMul's flags, say) stay, after the last argument
  const dropped = shape.between.slice(args.length - 1).flatMap((gap) => [...gap.matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)].map((m) => m[0]));
  for (const comment of dropped) out += ` ${comment.startsWith("//") ? `/* ${comment.slice(2).trim()} */` : comment}`;
  // the original's close: a trailing comma only where the original had one
  return `${out}${shape.close})`;
}
