/**
 * How many float32 values lie between two numbers that are float32 values: 0
 * for the same value (and for -0 against +0, and NaN against NaN), Infinity for
 * NaN against a number. For the tests of kernels that are within one ulp of
 * the JavaScript (those going through `Math.exp`).
 */
export function float32Ulps(x: number, y: number): number {
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) && Number.isNaN(y) ? 0 : Infinity;
  const bits = new Int32Array(new Float32Array([x, y]).buffer);
  // ordered: negative floats count down from -0, which sits with +0
  const order = (b: number): number => (b < 0 ? -(b & 0x7fffffff) : b);
  return Math.abs(order(bits[0]!) - order(bits[1]!));
}
