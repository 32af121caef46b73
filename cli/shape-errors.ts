/**
 * Shape errors in compiler diagnostics: the reading `shapecast check` and the
 * language-service plugin share. A shape error is a diagnostic whose message
 * chain carries one of the library's own sentences: the string literal type a
 * shapecast signature puts in parameter position (`add (numpy): axis 1 has 10
 * vs 11; cannot broadcast [2, 10] with [2, 11]`, `matmul: inner sizes ...;
 * cannot multiply ...`, `sum: axis 2 is out of range ...`), named after one of
 * the library's exported functions; or a `ConflictingSizes<...>` mismatch,
 * where two arguments of a generic call give one dim different sizes.
 *
 * The reading is text only, so it serves any compiler instance (ts-morph's in
 * the command line, the editor's own in the plugin); what the call itself
 * says (its text, its options) comes from the caller as a `CallInfo`.
 */
import { catalog } from "shapecast/catalog";
import { broadcastPicture, matmulPicture, type Picture, type Placement, type Size } from "./diagram.js";

/** The library's functions (its op catalog): a message is the library's when it names one of them as its op. */
const OPS: ReadonlySet<string> = new Set(Object.keys(catalog));

/** A shape error as read from a diagnostic's text. */
export interface ShapeError {
  /** The library's message (for a conflicting size, a sentence built from the compiler's types). */
  readonly message: string;
  /** `broadcast` (element-wise and broadcast-to), `matmul`, `join` (concat, stack), `conflicting-sizes`, or `other` (axes, reshape...). */
  readonly kind: "broadcast" | "matmul" | "join" | "conflicting-sizes" | "other";
  readonly op: string;
  readonly mode?: string | undefined;
  /** The two shapes, as the message prints their sizes (`3`, `batch`, `?`). */
  readonly a?: readonly Size[] | undefined;
  readonly b?: readonly Size[] | undefined;
  /** The failing axis: of the result (broadcast), of the batch (matmul), of the parameter (conflicting sizes). */
  readonly axis?: number | undefined;
  /** broadcastDimensions / axesMapping / axis read from the call's options. */
  readonly placement?: Placement | undefined;
  /** Not in JSON: the picture drawn under the message. */
  readonly picture?: Picture | undefined;
}

/** What the failing call says, from the caller's compiler: the name it calls, and the placement its options give for a mode. */
export interface CallInfo {
  /** The callee's name (`add`, or a method's name), for a conflicting-sizes message. */
  readonly op: string;
  placement(mode: string): Placement;
}

/** The string literal types in a diagnostic's text, unescaped: `'"add (numpy): ..."'`. */
export function literalTypes(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/'"((?:[^"\\]|\\.)*)"'/g)) found.push(match[1]!.replace(/\\(.)/g, "$1"));
  return found;
}

/** Does `text` read as one of the library's messages: `op: ...` or `op (mode): ...` with op a library function? */
export const libraryMessage = (text: string): { op: string; mode: string | undefined } | undefined => {
  const match = /^([A-Za-z]\w*)(?: \(([a-z]+)\))?: \S/.exec(text);
  return match !== null && OPS.has(match[1]!) ? { op: match[1]!, mode: match[2] } : undefined;
};

/** `[2, 10]` as sizes; undefined for `[...]` (a dynamic rank) or anything else. */
export function parseSizes(text: string | undefined): Size[] | undefined {
  if (text === undefined) return undefined;
  const inner = /^\[(.*)\]$/.exec(text.trim())?.[1];
  if (inner === undefined || inner === "...") return undefined;
  return inner.trim() === "" ? [] : inner.split(",").map((size) => size.trim());
}

/** One line of a call's text, at most `max` characters. */
export const oneLine = (text: string, max = 120): string => {
  const flat = text.replace(/\s+/g, " ").replace(/,? ?\)/g, ")").replace(/\( /g, "(");
  return flat.length > max ? `${flat.slice(0, max - 3)}...` : flat;
};

/**
 * The shape error a diagnostic's flattened text carries, or undefined when it
 * is another kind of type error. `call` is asked for only when the message is
 * the library's.
 */
export function shapeErrorOf(text: string, call: () => CallInfo | undefined): ShapeError | undefined {
  // the checked signature comes last, so its message is the last literal in the chain
  const message = literalTypes(text).filter((literal) => libraryMessage(literal) !== undefined).at(-1);
  const conflict = message === undefined ? /ConflictingSizes<(.+?)>'/.exec(text) : null;
  if (message !== undefined) {
    const { op, mode } = libraryMessage(message)!;
    const broadcast = /; cannot (broadcast|join) (\[[^\]]*\]) (with|to) (\[[^\]]*\])(?:;|$)/.exec(message);
    const multiply = /; cannot multiply (\[[^\]]*\]) by (\[[^\]]*\])$/.exec(message);
    const axisText = /\baxis (\d+) has /.exec(message)?.[1];
    const axis = axisText === undefined ? undefined : Number(axisText);
    if (multiply !== null) {
      const a = parseSizes(multiply[1]);
      const b = parseSizes(multiply[2]);
      const failed = /: inner sizes /.test(message) ? "inner" : axis !== undefined ? { batchAxis: axis } : undefined;
      return { message, kind: "matmul", op, a, b, axis, picture: a === undefined || b === undefined ? undefined : matmulPicture({ a, b, failed }) };
    }
    if (broadcast !== null) {
      const a = parseSizes(broadcast[2]);
      const b = parseSizes(broadcast[4]);
      if (broadcast[1] === "join") {
        // concat / stack: tensors[i] against tensors[0], axis by axis
        const other = /^\w+: tensors\[(\d+)\]/.exec(message)?.[1] ?? "i";
        const names = ["tensors[0]", `tensors[${other}]`] as const;
        return {
          message, kind: "join", op, a, b, axis,
          picture: a === undefined || b === undefined ? undefined : broadcastPicture({ a, b, placement: { mode: "none" }, names, failedAxis: axis }),
        };
      }
      const placement = call()?.placement(mode ?? "numpy") ?? { mode: mode ?? "numpy" };
      const verb = broadcast[3] === "to" ? "to" : "with";
      return {
        message, kind: "broadcast", op, mode, a, b, axis, placement,
        picture: a === undefined || b === undefined ? undefined : broadcastPicture({ a, b, placement, verb, failedAxis: axis }),
      };
    }
    return { message, kind: "other", op, mode };
  }
  if (conflict !== null) {
    const types = /Argument of type '(.+?)' is not assignable to parameter of type '(.+?)'/.exec(text);
    const sizesOf = (type: string | undefined): Size[] | undefined =>
      type === undefined ? undefined : parseSizes(/Tensor<(?:readonly )?(\[[^\]]*\])/.exec(type)?.[1]);
    const a = sizesOf(types?.[1]);
    const b = sizesOf(types?.[2]);
    const position = /Type at position (\d+) in source/.exec(text)?.[1];
    const axis = position === undefined ? undefined : Number(position);
    const op = call()?.op ?? "call";
    const message =
      `${op}: one dim of this shape gets different sizes from different arguments (${conflict[1]})` +
      (types === null ? "" : `; cannot pass ${types[1]} as ${types[2]}`);
    return {
      message, kind: "conflicting-sizes", op, a, b, axis,
      picture: a === undefined || b === undefined ? undefined : broadcastPicture({ a, b, placement: { mode: "none" }, names: ["argument", "parameter"], failedAxis: axis }),
    };
  }
  return undefined;
}
