/**
 * Sizes computed from other sizes, at run time: the twins of the symbolic
 * sizes of types/size.ts, each giving the number its type gives once every
 * size in it is known.
 */

/** `ceil(a / b)`: twin of `CeilDiv` in types/size.ts. */
export const ceilDiv = (a: number, b: number): number => Math.ceil(a / b);

/** `a * b`: twin of `Times` in types/size.ts. */
export const times = (a: number, b: number): number => a * b;
