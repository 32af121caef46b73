/**
 * What the broadcast rules share at run time: the `Failure` a rule gives
 * instead of a shape, and the size rules of one axis. The twin of
 * types/broadcast/common.ts.
 */
import type { ShapeErrorCode } from "../../errors.js";

/** Why a rule failed; turned into a `ShapeError` by `raise` in src/shape/broadcast.ts. */
export interface Failure {
  readonly code: ShapeErrorCode;
  readonly detail: string;
  readonly axis?: number;
  readonly sizes?: readonly [number, number];
  readonly fix?: string;
}

export const isFailure = (value: number[] | Failure): value is Failure => !Array.isArray(value);

/** Two-way (degenerate-dimension) rule: equal, or one side is 1. -1 = no fit. */
export const twoWay = (x: number, y: number): number => (x === y || y === 1 ? x : x === 1 ? y : -1);

/** One-way rule (input onto target): equal, or the input is 1. */
export const oneWay = (input: number, target: number): boolean => input === target || input === 1;

export const fitsTwoWay = (x: number, y: number): boolean => twoWay(x, y) !== -1;

export const optionalFix = (fix: string | undefined): { fix?: string } => (fix === undefined ? {} : { fix });

/** How many fixes a message needs: one past the cap tells "there are more". */
export const FIX_SEARCH_LIMIT = 7;
