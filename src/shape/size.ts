/**
 * Sizes computed from other sizes, at run time: the twins of the symbolic
 * sizes of types/size.ts, each giving the number its type gives once every
 * size in it is known.
 */

/** `ceil(a / b)`: twin of `CeilDiv` in types/size.ts. */
export const ceilDiv = (a: number, b: number): number => Math.ceil(a / b);

/** `a * b`: twin of `Times` in types/size.ts. */
export const times = (a: number, b: number): number => a * b;

/** `a + b`: twin of `Plus` in types/size.ts. */
export const plus = (a: number, b: number): number => a + b;

/** `a + b`, 0 when `a` is 0: twin of `Grown` in types/size.ts. */
export const grown = (a: number, b: number): number => (a === 0 ? 0 : a + b);

/** `a - b`, 0 when `b` is as large: twin of `Minus` in types/size.ts. */
export const minus = (a: number, b: number): number => Math.max(a - b, 0);

/** `floor(a / b)`: twin of `FloorDiv` in types/size.ts. */
export const floorDiv = (a: number, b: number): number => Math.floor(a / b);

/** `min(a, b)`: twin of `AtMost` in types/size.ts. */
export const atMost = (a: number, b: number): number => Math.min(a, b);

/** `a / b`, 1 for a size by itself: twin of `ExactDiv` in types/size.ts (whose type is `number` where the quotient is not a whole number). */
export const exactDiv = (a: number, b: number): number => (a === b ? 1 : a / b);
