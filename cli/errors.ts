/**
 * A usage error: a bad flag or argument, a missing tsconfig, a glob that
 * matches nothing, an unknown transform. The CLI prints its message with the
 * command's usage line and exits 2, having changed no file.
 */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** Exit codes: 0 all well, 1 findings (check's type errors, pending changes with --check), 2 usage. */
export const EXIT = { ok: 0, findings: 1, usage: 2 } as const;
