/**
 * Cases per fuzz property in the short run (`npm test`). The long run
 * (`npm run test:fuzz`, FUZZ_RUNS=300000) shares its total out in these
 * proportions. Every property must be listed.
 */
export const SHORT_RUNS: Record<string, number> = {
  "views/chain": 300,
  "views/write-through": 200,
  "views/print-empty": 100,
};
