/**
 * The messages between the page (main.ts) and its two workers: the language
 * worker (language.ts: TypeScript and the shapecast plugin) and the run
 * worker (runner.ts: the program, with shapecast's runtime).
 */

/** A text edit in the program, in offsets of the text it was computed on. */
export interface Change {
  readonly from: number;
  readonly to: number;
  readonly insert: string;
}

/** A code action offered for a problem (the plugin's quick fixes first). */
export interface Fix {
  readonly description: string;
  readonly changes: readonly Change[];
}

/** One diagnostic of the program, as the editor shows it. */
export interface Problem {
  readonly from: number;
  readonly to: number;
  readonly line: number;
  readonly column: number;
  readonly severity: "error" | "warning" | "info";
  /** The first line: TypeScript's message, or for a shape error the library's. */
  readonly message: string;
  /** The aligned-axes picture of a shape error, when it has one. */
  readonly picture?: string;
  /** "shapecast" for a shape error, "ts" otherwise. */
  readonly source: string;
  readonly code: number;
  readonly fixes: readonly Fix[];
}

/** The answer to a check: the program's problems, and the milliseconds the worker took. */
export interface Checked {
  readonly problems: readonly Problem[];
  readonly milliseconds: number;
}

/** What the language worker answers for a hover. */
export interface Hover {
  readonly from: number;
  readonly to: number;
  readonly text: string;
  readonly documentation: string;
}

/** Requests to the language worker; each answer carries the request's id. */
export type LanguageRequest =
  | { readonly id: number; readonly kind: "check"; readonly text: string }
  | { readonly id: number; readonly kind: "hover"; readonly text: string; readonly position: number }
  | { readonly id: number; readonly kind: "compile"; readonly text: string };

export type LanguageResponse =
  | { readonly id: number; readonly ok: true; readonly result: unknown }
  | { readonly id: number; readonly ok: false; readonly error: string }
  | { readonly kind: "ready"; readonly timings: WorkerTimings };

/**
 * Where the language worker's start-up went: the instants (milliseconds since
 * the epoch, `performance.timeOrigin + performance.now()`, so the page can
 * place them on its own clock) at which each step ended.
 */
export interface WorkerTimings {
  /** The worker's entry runs (language.ts). */
  readonly entry: number;
  /** The service's module loaded (fetched, compiled, TypeScript initialized) and files.json read. */
  readonly loaded: number;
  /** The language service over the file system made. */
  readonly environment: number;
  /** The standard library's declarations read (a check of an empty program): ready. */
  readonly ready: number;
}

/** From the run worker: a printed line, or the end of the run. */
export type RunMessage =
  | { readonly kind: "line"; readonly stream: "log" | "error"; readonly text: string }
  | { readonly kind: "done"; readonly milliseconds: number }
  | { readonly kind: "failed"; readonly error: string };
