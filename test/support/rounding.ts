/**
 * How far a float sum of products may be from a reference sum taken in
 * doubles, derived from the operands rather than fixed: the tests of matmul,
 * einsum and convolution compare the library's float32 results with such a
 * reference, and the library sums float32 products in float32 (README,
 * src/kernels/matmul.ts).
 *
 * A sum of k products computed one at a time, each product and each sum
 * rounded to a format of unit roundoff u, is within
 * gamma_k * sum_p |a_p * b_p| of the exact sum, where
 * gamma_k = k * u / (1 - k * u) (Higham, Accuracy and Stability of Numerical
 * Algorithms, 3.1): each product passes through at most k roundings, its own
 * and those of the sums after it. Below the normal range a product may also
 * lose up to half the smallest subnormal (sums of subnormals are exact), which
 * the later sums carry along within a factor 1 + gamma_k.
 */

/** Unit roundoff of a float format: 2^-24 for float32, 2^-53 for doubles. */
export const unitRoundoff = (dtype: "float32" | "float64"): number => (dtype === "float32" ? 2 ** -24 : 2 ** -53);

/** The smallest magnitude that rounds to Infinity in float32: 2^128 less half an ulp. */
export const FLOAT32_OVERFLOW = 2 ** 128 * (1 - 2 ** -25);

/** gamma_k = k u / (1 - k u): the relative error of k roundings of unit roundoff u (k u < 1). */
export const gamma = (k: number, u: number): number => (k * u) / (1 - k * u);

/**
 * The largest |computed - reference| for a float32 result whose terms pass
 * through at most `roundings` float32 roundings each (k for a sum of k
 * products), the absolute values of the terms adding to `magnitude`: the
 * result's own error, plus the reference's (a sum of the same terms in
 * doubles, within gamma of 2^-53), plus, when the reference is stored as
 * float32 (`roundedReference`), its rounding to float32.
 */
export function float32SumTolerance(roundings: number, magnitude: number, roundedReference = false): number {
  const u = unitRoundoff("float32");
  const halfSubnormal = 2 ** -150;
  const own = gamma(roundings, u) * magnitude + roundings * halfSubnormal * (1 + gamma(roundings, u));
  const reference = gamma(roundings, unitRoundoff("float64")) * magnitude;
  const stored = roundedReference ? u * (magnitude + reference) + halfSubnormal : 0;
  return own + reference + stored;
}
