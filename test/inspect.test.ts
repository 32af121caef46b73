/**
 * Node's inspect prints a tensor as String does. Apart from tensor.test.ts
 * because it needs node:util: that file runs in the browser too
 * (vitest.browser.config.ts), this one only under Node.
 */
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { tensor } from "shapecast";

describe("printing", () => {
  it("is what Node's inspect and console.log show", () => {
    expect(inspect(tensor([1, 2]))).toBe("tensor([1., 2.], shape=[2], dtype=float32)");
  });
});
