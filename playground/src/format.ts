/**
 * console.log's formatting in the run worker, as Node prints the same values,
 * so a program prints the same lines in the page as under Node: strings as
 * they are at the top level and quoted inside, tensors as `String(tensor)`
 * (their inspect hook), arrays as `[ 1, 2 ]`, plain objects as `{ a: 1 }`,
 * maps, sets, typed arrays as `Float32Array(2) [ 1, 2 ]`; an error prints
 * its first line (`ShapeError: ...`), not its stack. Lists too long for a line are broken one part per line, as Node
 * does; Node's arrangement of arrays of more than six short items into
 * columns is not reproduced (such an array prints on one line when it fits,
 * one item per line when not).
 */
const INSPECT = Symbol.for("nodejs.util.inspect.custom");
const WIDTH = 80;

function number(value: number): string {
  return Object.is(value, -0) ? "-0" : String(value);
}

/** A string inside a value: in single quotes, or double quotes or backticks when it holds single quotes, escaped. */
function quote(text: string): string {
  const mark = !text.includes("'") ? "'" : !text.includes('"') ? '"' : !text.includes("`") && !text.includes("${") ? "`" : "'";
  const escaped = text.replace(/[\\\n\t\r\b\f\v\x00-\x1f\x7f]/g, (c) => ESCAPES[c] ?? `\\x${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
  return `${mark}${mark === "'" ? escaped.replace(/'/g, "\\'") : escaped}${mark}`;
}
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b", "\f": "\\f", "\v": "\\v" };
/** A key as Node shows it: bare when it is a plain identifier, else quoted. */
const key = (name: string): string => (/^[A-Za-z_][A-Za-z_0-9]*$/.test(name) ? name : quote(name));

/**
 * The parts of a list joined as Node does for a list it does not group: on
 * one line when the parts, two characters each for their separators, the
 * indentation, the opening and ten more fit in 80 columns; else one per line.
 */
function list(open: string, parts: string[], close: string, indent: number): string {
  if (parts.length === 0) return `${open}${close}`;
  const width = parts.reduce((sum, p) => sum + p.length, 0) + 2 * parts.length + indent + open.length + 10;
  if (width <= WIDTH && !parts.some((p) => p.includes("\n"))) return `${open} ${parts.join(", ")} ${close}`;
  const pad = " ".repeat(indent + 2);
  return `${open}\n${parts.map((p) => `${pad}${p}`).join(",\n")}\n${" ".repeat(indent)}${close}`;
}

/** One value as Node's inspect shows it, nested `depth` levels (Node stops at 2, showing [Array] / [Object]). */
export function inspect(value: unknown, depth = 0, indent = 0, seen: unknown[] = []): string {
  switch (typeof value) {
    case "string":
      return depth === 0 ? value : quote(value);
    case "number":
      return number(value);
    case "bigint":
      return `${value}n`;
    case "boolean":
    case "undefined":
      return String(value);
    case "symbol":
      return value.toString();
    case "function":
      return value.name === "" ? "[Function (anonymous)]" : `[Function: ${value.name}]`;
  }
  if (value === null) return "null";
  const object = value as Record<PropertyKey, unknown>;
  const hook = object[INSPECT];
  if (typeof hook === "function") return String((hook as () => unknown).call(value));
  if (seen.includes(value)) return "[Circular *1]";
  if (value instanceof Error) return value.stack?.split("\n")[0] ?? `${value.name}: ${value.message}`;
  const inner = [...seen, value];
  if (Array.isArray(value)) {
    if (depth > 2) return "[Array]";
    return list("[", value.map((v) => inspect(v, depth + 1, indent + 2, inner)), "]", indent);
  }
  if (value instanceof Map) {
    if (depth > 2) return "[Map]";
    const entries = [...value].map(([k, v]) => `${inspect(k, depth + 1, indent + 2, inner)} => ${inspect(v, depth + 1, indent + 2, inner)}`);
    return list(`Map(${value.size}) {`, entries, "}", indent);
  }
  if (value instanceof Set) {
    if (depth > 2) return "[Set]";
    return list(`Set(${value.size}) {`, [...value].map((v) => inspect(v, depth + 1, indent + 2, inner)), "}", indent);
  }
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    const items = Array.from(value as unknown as ArrayLike<number | bigint>, (v) => (typeof v === "bigint" ? `${v}n` : number(v)));
    return list(`${value.constructor.name}(${items.length}) [`, items, "]", indent);
  }
  if (depth > 2) return "[Object]";
  const parts = Object.keys(object).map((name) => `${key(name)}: ${inspect(object[name], depth + 1, indent + 2, inner)}`);
  const prototype = Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null;
  const name = prototype === null ? "[Object: null prototype]" : prototype.constructor?.name;
  const open = name === undefined || name === "Object" ? "{" : `${name} {`;
  return list(open, parts, "}", indent);
}

/** A console.log line: its arguments inspected and joined by spaces. */
export const formatLine = (args: readonly unknown[]): string => args.map((a) => inspect(a)).join(" ");
