/**
 * The op catalog (src/ops/catalog.ts) is the one list of ops: the package
 * exports exactly its functions, `Tensor` has exactly its methods, and each
 * method's dtype rule is the one its function follows.
 */
import { describe, expect, it } from "vitest";
import * as library from "shapecast";
import { Tensor, tensor } from "shapecast";
import { catalog, opsOf } from "../src/ops/catalog.js";
import { definedOps } from "../src/ops/methods.js";

/** Exported values that are not ops: the classes. */
const classes = new Set(["Tensor", "ShapeError"]);

describe("the op catalog", () => {
  it("lists every function the package exports, and nothing else", () => {
    const exported = Object.entries(library)
      .filter(([name, value]) => typeof value === "function" && !classes.has(name))
      .map(([name]) => name)
      .sort();
    expect(exported).toEqual(Object.keys(catalog).sort());
    expect(Object.keys(library).filter((name) => !exported.includes(name)).sort()).toEqual([...classes].sort());
  });

  it("gives Tensor a method for each method entry, and no other op as a method", () => {
    const prototype = Tensor.prototype as unknown as Record<string, unknown>;
    const methods = Object.entries(catalog).filter(([, entry]) => "method" in entry).map(([name]) => name);
    expect(methods.length).toBeGreaterThan(0);
    for (const name of methods) expect(typeof prototype[name], name).toBe("function");
    const others = Object.keys(catalog).filter((name) => !methods.includes(name) && name in prototype);
    expect(others).toEqual([]);
  });

  it("installs methods that call their function", () => {
    const x = tensor([1, -2, 3]);
    const y = tensor([4, 5, -6]);
    for (const name of opsOf("binary")) {
      const viaFunction = (library[name] as (a: Tensor, b: Tensor) => Tensor)(x, y);
      const viaMethod = (x[name] as unknown as (b: Tensor) => Tensor)(y);
      expect(viaMethod.toArray(), name).toEqual(viaFunction.toArray());
    }
    for (const name of opsOf("unary")) {
      const viaMethod = (x[name] as unknown as () => Tensor)();
      expect(viaMethod.toArray(), name).toEqual((library[name] as (a: Tensor) => Tensor)(x).toArray());
    }
    // activations with arguments of their own pass them through
    const activations = { gelu: [{ approximate: "tanh" }], leakyRelu: [0.2], elu: [0.5] } as const;
    expect(Object.keys(activations).sort()).toEqual(opsOf("activation").sort());
    for (const name of opsOf("activation")) {
      const args = activations[name];
      const viaMethod = (x[name] as unknown as (...rest: unknown[]) => Tensor)(...args);
      expect(viaMethod.toArray(), name).toEqual((library[name] as (a: Tensor, ...rest: unknown[]) => Tensor)(x, ...args).toArray());
      expect(viaMethod.toArray(), name).not.toEqual((library[name] as (a: Tensor) => Tensor)(x).toArray());
    }
  });

  it("defines every method's op under its name, as the package exports it, and no weights-file function", () => {
    const methods = Object.entries(catalog).filter(([, entry]) => "method" in entry).map(([name]) => name);
    for (const name of methods) expect(definedOps[name], name).toBe(library[name as keyof typeof library]);
    // src/io/ is no op a method calls
    expect(Object.keys(catalog).filter((name) => catalog[name as keyof typeof catalog].family === "io" && name in definedOps)).toEqual([]);
  });

  it("names each binary method's dtype rule as its function applies it (int32 operands)", () => {
    const x = tensor([1, 2], { dtype: "int32" });
    const expected = { arithmetic: "int32", division: "float32", bool: "bool", promote: "int32" } as const;
    for (const name of opsOf("binary")) {
      const rule = catalog[name].method;
      expect((library[name] as (a: Tensor, b: Tensor) => Tensor)(x, x).dtype, name).toBe(expected[rule]);
    }
  });

  it("names each unary method's dtype rule as its function applies it (uint8 operand)", () => {
    const x = tensor([1, 2], { dtype: "uint8" });
    const expected = { same: "uint8", signed: "int32", float: "float32", bool: "bool" } as const;
    for (const name of opsOf("unary")) {
      expect((library[name] as (a: Tensor) => Tensor)(x).dtype, name).toBe(expected[catalog[name].method]);
    }
  });
});
