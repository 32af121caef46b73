/** A random view chain built from its description, checked against the model after each step when `check`. */
import type { ChainDesc } from "./arbs.js";
import { type Built, fillValues, makeBase, randomStep } from "./build.js";
import { sizeOf } from "./model.js";

export function buildChain(desc: ChainDesc, check = true, name = "x"): Built {
  let x = makeBase(`${name}0`, desc.shape, desc.dtype, fillValues(desc.pool, sizeOf(desc.shape), desc.dtype));
  for (const s of desc.steps) x = randomStep(x, s.kind, s.seeds, check);
  return x;
}
