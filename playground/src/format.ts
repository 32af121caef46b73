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
 *
 * A first argument that is a string and has others after it is a format, as
 * in Node: `%s` `%d` `%i` `%f` `%j` `%O` `%o` `%c` take the next argument,
 * `%%` is a percent sign, and the arguments left over follow, inspected.
 * `%o` shows arrays' `[length]` and nests four levels; the other hidden
 * properties it shows in Node (a typed array's buffer, a function's
 * prototype) are not reproduced.
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

/** How deep inspect goes (Node's `depth`) and whether arrays show their `[length]` (Node's `showHidden`). */
interface View {
  readonly limit: number;
  readonly hidden: boolean;
}
const PLAIN: View = { limit: 2, hidden: false };

/**
 * One value as Node's inspect shows it, nested `depth` levels (below
 * `view.limit`, 2 unless a format asks otherwise, it shows [Array] / [Object]
 * for what is not empty).
 * A string is quoted, as Node's inspect does; console.log prints a string
 * argument as it is (see formatLine).
 */
export function inspect(value: unknown, depth = 0, indent = 0, seen: unknown[] = [], view: View = PLAIN): string {
  switch (typeof value) {
    case "string":
      return quote(value);
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
  const nested = (v: unknown): string => inspect(v, depth + 1, indent + 2, inner, view);
  if (Array.isArray(value)) {
    if (depth > view.limit && (value.length > 0 || view.hidden)) return "[Array]";
    const items = value.map(nested);
    if (view.hidden) items.push(`[length]: ${value.length}`);
    return list("[", items, "]", indent);
  }
  if (value instanceof Map) {
    if (depth > view.limit && value.size > 0) return "[Map]";
    const entries = [...value].map(([k, v]) => `${nested(k)} => ${nested(v)}`);
    return list(`Map(${value.size}) {`, entries, "}", indent);
  }
  if (value instanceof Set) {
    if (depth > view.limit && value.size > 0) return "[Set]";
    return list(`Set(${value.size}) {`, [...value].map(nested), "}", indent);
  }
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    const items = Array.from(value as unknown as ArrayLike<number | bigint>, (v) => (typeof v === "bigint" ? `${v}n` : number(v)));
    return list(`${value.constructor.name}(${items.length}) [`, items, "]", indent);
  }
  if (depth > view.limit && Object.keys(object).length > 0) return "[Object]";
  const parts = Object.keys(object).map((name) => `${key(name)}: ${nested(object[name])}`);
  const prototype = Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null;
  const name = prototype === null ? "[Object: null prototype]" : prototype.constructor?.name;
  const open = name === undefined || name === "Object" ? "{" : `${name} {`;
  return list(open, parts, "}", indent);
}

/** `%s`: numbers and bigints as inspect shows them, an object whose toString is the language's own inspected one level deep, anything else String(). */
function asString(value: unknown): string {
  if (typeof value === "number" || typeof value === "bigint") return inspect(value);
  if (typeof value !== "object" || value === null || !ownToString(value)) return String(value);
  return inspect(value, 0, 0, [], { limit: 0, hidden: false });
}

/** Does `value`'s toString come from the language (arrays, plain objects, maps) rather than a class of the program (a tensor)? */
function ownToString(value: object): boolean {
  const method = (value as { toString?: unknown }).toString;
  if (typeof method !== "function") return true;
  let holder: object | null = value;
  while (holder !== null && !Object.prototype.hasOwnProperty.call(holder, "toString")) holder = Object.getPrototypeOf(holder) as object | null;
  if (holder === null || holder === value) return false;
  const made = (Object.getOwnPropertyDescriptor(holder, "constructor")?.value as { name?: string } | undefined)?.name;
  return made !== undefined && BUILT_IN.has(made);
}
const BUILT_IN = new Set(["Object", "Array", "Map", "Set", "Error", "Date", "RegExp", "Function", "Boolean", "Number", "String", "Symbol", "BigInt", "Promise", "WeakMap", "WeakSet"]);

/** A number argument of `%d` / `%i` / `%f`: a bigint as itself, a symbol as NaN, anything else through `convert`. */
function numeric(value: unknown, convert: (v: unknown) => number, bigints: boolean): string {
  if (typeof value === "bigint" && bigints) return `${value}n`;
  if (typeof value === "symbol") return "NaN";
  return number(convert(value));
}

/** What one placeholder letter makes of its argument; `undefined` for a letter that is not a placeholder. */
function placeholder(letter: string, value: unknown): string | undefined {
  switch (letter) {
    case "s":
      return asString(value);
    case "d":
      return numeric(value, Number, true);
    case "i":
      return numeric(value, (v) => Number.parseInt(String(v)), true);
    case "f":
      return numeric(value, (v) => Number.parseFloat(String(v)), false);
    case "j":
      return jsonOf(value);
    case "O":
      return inspect(value);
    case "o":
      return inspect(value, 0, 0, [], { limit: 4, hidden: true });
    case "c":
      return ""; // CSS for browsers' consoles: taken and not shown
    default:
      return undefined;
  }
}

/** `%j`: JSON.stringify's text (`undefined` for what it skips), `[Circular]` for a value that contains itself. */
function jsonOf(value: unknown): string {
  try {
    return String(JSON.stringify(value));
  } catch (error) {
    if (error instanceof TypeError && /circular/i.test(error.message)) return "[Circular]";
    throw error;
  }
}

/**
 * A console.log line: a leading format string filled in, then the remaining
 * arguments, strings as they are and anything else inspected, joined by spaces.
 */
export function formatLine(args: readonly unknown[]): string {
  let next = 0;
  let line = "";
  const first = args[0];
  if (typeof first === "string" && args.length > 1) {
    next = 1;
    let start = 0; // the first character of `first` not yet copied to the line
    for (let i = 0; i < first.length - 1; i++) {
      if (first[i] !== "%") continue;
      const letter = first[++i]!;
      if (letter === "%") {
        line += first.slice(start, i);
        start = i + 1;
        continue;
      }
      if (next >= args.length) continue;
      const text = placeholder(letter, args[next]);
      if (text === undefined) continue;
      next++;
      line += first.slice(start, i - 1) + text;
      start = i + 1;
    }
    line += first.slice(start);
  }
  for (; next < args.length; next++) {
    const value = args[next];
    line += (next === 0 ? "" : " ") + (typeof value === "string" ? value : inspect(value));
  }
  return line;
}
