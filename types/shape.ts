/**
 * Shapes at the type level.
 *
 * A shape is a tuple of sizes. Each size is one of three kinds:
 * - a literal (`3`): known at compile time, checked by the compiler;
 * - a symbolic dim (`Dim<"batch">`): unknown, but equal only to itself (and
 *   broadcastable with 1), so two different names never mix by accident;
 * - `number`: dynamic, checked at run time.
 * A shape whose length is unknown (`number[]`) has dynamic rank.
 */

declare const dimName: unique symbol;

/**
 * A named size known only at run time. At run time it is a plain number; at the
 * type level it broadcasts only with itself or with 1.
 *
 * @example
 * type Batch = Dim<"batch">;
 * BroadcastShapes<[Batch, 3], [1, 3]>        //=> [Batch, 3]
 * BroadcastShapes<[Batch, 3], [Dim<"seq">, 3]> //=> error: axis 0 has batch vs seq
 */
export type Dim<Name extends string> = number & { readonly [dimName]: Name };

/** Any shape: a tuple of sizes, or `number[]` when the rank is dynamic. */
export type Shape = readonly number[];

/** What the public functions accept as a shape argument (`const`-inferred tuples are readonly). */
export type ShapeArgument = readonly number[];

/** How a size reads in a message: `3`, `batch` for `Dim<"batch">`, `?` for `number`. */
export type ShowDim<Size> =
  Size extends { readonly [dimName]: infer Name extends string } ? Name
  : number extends Size ? "?"
  : `${Size & number}`;

// Tail-recursive with an accumulator, so rank 32 (or 900) stays far from the limits.
type JoinSizes<Rest, Text extends string> =
  Rest extends readonly [infer Size, ...infer Tail] ? JoinSizes<Tail, `${Text}, ${ShowDim<Size>}`> : Text;

// Shapes of integer literals up to rank 8 read straight off their elements:
// one property lookup instead of a recursion (about a third of the cost).
type ShowLiteral<S extends Shape> = {
  0: "[]";
  1: `[${S[0]}]`;
  2: `[${S[0]}, ${S[1]}]`;
  3: `[${S[0]}, ${S[1]}, ${S[2]}]`;
  4: `[${S[0]}, ${S[1]}, ${S[2]}, ${S[3]}]`;
  5: `[${S[0]}, ${S[1]}, ${S[2]}, ${S[3]}, ${S[4]}]`;
  6: `[${S[0]}, ${S[1]}, ${S[2]}, ${S[3]}, ${S[4]}, ${S[5]}]`;
  7: `[${S[0]}, ${S[1]}, ${S[2]}, ${S[3]}, ${S[4]}, ${S[5]}, ${S[6]}]`;
  8: `[${S[0]}, ${S[1]}, ${S[2]}, ${S[3]}, ${S[4]}, ${S[5]}, ${S[6]}, ${S[7]}]`;
}[S["length"] & (0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8)];

/**
 * How a shape reads in a message, exactly as `showShape` prints it at run time.
 *
 * @example
 * ShowShape<[2, 3]>   //=> "[2, 3]"
 * ShowShape<[]>       //=> "[]"
 * ShowShape<number[]> //=> "[...]"
 */
export type ShowShape<S extends Shape> =
  // all sizes integer literals (not `number`, not `Dim<"name">`)? Asked first, so that while a size
  // is a type parameter this test is the one left unresolved and a message prints the shape as
  // `ShowShape<[B, 12, T, 64]>`, not as the body of a conditional type
  `${S[number]}` extends `${bigint}`
    ? (number extends S["length"] ? "[...]" : S["length"] extends 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 ? ShowLiteral<S> : ShowAny<S>)
    : number extends S["length"] ? "[...]"
    : ShowAny<S>;

/**
 * `Message` with its marks `{1}` and `{2}` replaced by the shapes `First` and `Second` as messages
 * print them. Its own test is on the printed shapes, so while one holds a type parameter (which
 * cannot print as text) it stays unresolved, and the compiler names it by this alias: the words
 * of the message and the shapes themselves, never a raw conditional type
 * (`ShapeMessage<"concat: tensors[1] axis 2 has 8 vs 4 in tensors[0]; cannot join {1} with {2}",
 * [B, T, 4], [B, T, 8]>`). On concrete shapes it is the message.
 *
 * @example
 * ShapeMessage<"triu: x must have rank 2 or more, got shape {1}", [3]> //=> "triu: x must have rank 2 or more, got shape [3]"
 */
export type ShapeMessage<Message extends string, First extends Shape, Second extends Shape = []> =
  `${ShowShape<First>}\t${ShowShape<Second>}` extends `${infer A}\t${infer B}` ? Filled<Filled<Message, "{1}", A>, "{2}", B> : never;
type Filled<Message extends string, Mark extends string, Value extends string> =
  Message extends `${infer Head}${Mark}${infer Tail}` ? `${Head}${Value}${Filled<Tail, Mark, Value>}` : Message;

type ShowAny<S extends Shape> = S extends readonly [infer First, ...infer Rest] ? `[${JoinSizes<Rest, ShowDim<First>>}]` : "[]";
