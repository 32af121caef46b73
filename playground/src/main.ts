/**
 * The playground page: a CodeMirror 6 editor holding a shapecast program,
 * its problems (a shape error with the aligned-axes picture and the plugin's
 * quick fixes) and hovers from the language worker, and a Run button that
 * executes the program in the run worker and prints what it logs.
 */
import { javascript } from "@codemirror/lang-javascript";
import { type Diagnostic, linter } from "@codemirror/lint";
import { EditorView, hoverTooltip } from "@codemirror/view";
import { basicSetup } from "codemirror";
import examples from "playground:examples";
import type { Checked, Fix, Hover, LanguageRequest, LanguageResponse, Problem, RunMessage } from "./protocol.js";

const element = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const status = element<HTMLSpanElement>("status");
const problemsPane = element<HTMLDivElement>("problems");
const output = element<HTMLPreElement>("output");
const runButton = element<HTMLButtonElement>("run");
const stopButton = element<HTMLButtonElement>("stop");
const picker = element<HTMLSelectElement>("example");

// ---- the language worker: one request at a time per kind, answered by id
// made by index.html's first script, so TypeScript loads while this page's script does
const language = (globalThis as unknown as { playgroundLanguage?: Worker }).playgroundLanguage ?? new Worker("language.js", { type: "module" });
let nextId = 0;
const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
language.addEventListener("message", (event: MessageEvent<LanguageResponse>) => {
  const message = event.data;
  if ("kind" in message) {
    status.textContent = "TypeScript ready, checking…";
    // the page's own timings, read by bench/playground/: milliseconds since navigation, and the worker's
    const onPageClock = Object.fromEntries(Object.entries(message.timings).map(([step, at]) => [step, Math.round(at - performance.timeOrigin)]));
    document.body.dataset["worker"] = JSON.stringify(onPageClock);
    document.body.dataset["readyAt"] = String(Math.round(performance.now()));
    return;
  }
  const waiting = pending.get(message.id);
  pending.delete(message.id);
  if (message.ok) waiting?.resolve(message.result);
  else waiting?.reject(new Error(message.error));
});
type Request = LanguageRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;
// a request made before the worker is ready waits in its queue: its code listens before it reads the declarations
function ask<T>(request: Request): Promise<T> {
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    language.postMessage({ ...request, id });
  });
}

// ---- problems: in the editor (underlines, tooltips with the quick fixes) and in the pane beside it
function apply(view: EditorView, fix: Fix): void {
  view.dispatch({ changes: fix.changes.map((c) => ({ from: c.from, to: c.to, insert: c.insert })) });
  view.focus();
}

function renderProblems(view: EditorView, problems: readonly Problem[], milliseconds: number): void {
  problemsPane.replaceChildren(
    ...problems.map((problem) => {
      const box = document.createElement("div");
      box.className = `problem ${problem.severity} ${problem.source}`;
      const where = document.createElement("button");
      where.className = "where";
      where.textContent = `line ${problem.line}, column ${problem.column}${problem.source === "shapecast" ? " · shape error" : ` · TS${problem.code}`}`;
      where.addEventListener("click", () => {
        view.dispatch({ selection: { anchor: problem.from, head: problem.to }, scrollIntoView: true });
        view.focus();
      });
      const message = document.createElement("div");
      message.className = "message";
      message.textContent = problem.message;
      box.append(where, message);
      if (problem.picture !== undefined) {
        const picture = document.createElement("pre");
        picture.className = "picture";
        picture.textContent = problem.picture;
        box.append(picture);
      }
      if (problem.fixes.length > 0) {
        const fixes = document.createElement("div");
        fixes.className = "fixes";
        for (const fix of problem.fixes) {
          const button = document.createElement("button");
          button.className = "fix";
          button.textContent = fix.description;
          button.addEventListener("click", () => apply(view, fix));
          fixes.append(button);
        }
        box.append(fixes);
      }
      return box;
    }),
  );
  const count = problems.length;
  problemsPane.dataset["state"] = count === 0 ? "clean" : "problems";
  status.textContent = `${count === 0 ? "no problems" : count === 1 ? "1 problem" : `${count} problems`} · checked in ${Math.round(milliseconds)} ms`;
  if (count === 0) problemsPane.textContent = "No problems: every shape fits.";
}

const problemsLinter = linter(
  async (view): Promise<Diagnostic[]> => {
    const text = view.state.doc.toString();
    const checked = version;
    const { problems, milliseconds } = await ask<Checked>({ kind: "check", text });
    // an answer for an older text is dropped: the linter asks again for the newer one
    if (view.state.doc.toString() !== text) return [];
    renderProblems(view, problems, milliseconds);
    problemsPane.dataset["checked"] = String(checked);
    document.body.dataset["firstCheckAt"] ??= String(Math.round(performance.now()));
    return problems.map((problem) => ({
      from: problem.from,
      to: Math.max(problem.to, problem.from),
      severity: problem.severity,
      source: problem.source === "shapecast" ? "shapecast" : `TS${problem.code}`,
      message: problem.picture === undefined ? problem.message : `${problem.message}\n${problem.picture}`,
      renderMessage: () => {
        const box = document.createElement("div");
        const message = document.createElement("div");
        message.textContent = problem.message;
        box.append(message);
        if (problem.picture !== undefined) {
          const picture = document.createElement("pre");
          picture.className = "picture";
          picture.textContent = problem.picture;
          box.append(picture);
        }
        return box;
      },
      actions: problem.fixes.map((fix) => ({ name: fix.description, apply: (v: EditorView) => apply(v, fix) })),
    }));
  },
  { delay: 200 },
);

const hovers = hoverTooltip(async (view, position) => {
  const hover = await ask<Hover | undefined>({ kind: "hover", text: view.state.doc.toString(), position });
  if (hover === undefined || hover.text === "") return null;
  return {
    pos: hover.from,
    end: hover.to,
    above: true,
    create: () => {
      const dom = document.createElement("div");
      dom.className = "hover";
      const code = document.createElement("code");
      code.textContent = hover.text;
      dom.append(code);
      if (hover.documentation !== "") {
        const doc = document.createElement("p");
        doc.textContent = hover.documentation;
        dom.append(doc);
      }
      return { dom };
    },
  };
});

// ---- the examples, chosen by the list or by the address (#mlp)
for (const example of examples) picker.append(new Option(example.title, example.name));
const chosen = (): (typeof examples)[number] => examples.find((e) => `#${e.name}` === location.hash) ?? examples[0]!;
picker.value = chosen().name;

// each change of the text counts: the problems pane says which text it shows (`data-checked`)
let version = 0;
document.body.dataset["version"] = "0";
const counter = EditorView.updateListener.of((update) => {
  if (update.docChanged) document.body.dataset["version"] = String(++version);
});

const view = new EditorView({
  doc: chosen().text,
  extensions: [basicSetup, EditorView.lineWrapping, javascript({ typescript: true }), problemsLinter, hovers, counter, EditorView.theme({ "&": { height: "100%" }, ".cm-scroller": { fontFamily: "var(--mono)" } })],
  parent: element("editor"),
});
// the page's tests (test/playground/) place the cursor through the view, then type as a person would
(globalThis as unknown as { playgroundEditor: EditorView }).playgroundEditor = view;

picker.addEventListener("change", () => {
  const example = examples.find((e) => e.name === picker.value)!;
  history.replaceState(null, "", `#${example.name}`);
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: example.text } });
  output.replaceChildren();
});

// ---- Run: compile in the language worker, execute in a fresh run worker
let runner: Worker | undefined;
function finish(note: string): void {
  runner?.terminate();
  runner = undefined;
  runButton.disabled = false;
  stopButton.disabled = true;
  const line = document.createElement("span");
  line.className = "note";
  line.textContent = `${note}\n`;
  output.append(line);
  output.dataset["state"] = "done";
}
runButton.addEventListener("click", async () => {
  runButton.disabled = true;
  stopButton.disabled = false;
  output.replaceChildren();
  output.dataset["state"] = "running";
  const script = await ask<string>({ kind: "compile", text: view.state.doc.toString() });
  runner = new Worker("runner.js", { type: "module" });
  runner.addEventListener("message", (event: MessageEvent<RunMessage>) => {
    const message = event.data;
    if (message.kind === "line") {
      const line = document.createElement("span");
      line.className = message.stream;
      line.textContent = `${message.text}\n`;
      output.append(line);
    } else if (message.kind === "done") {
      finish(`(ran in ${Math.round(message.milliseconds)} ms)`);
    } else {
      const line = document.createElement("span");
      line.className = "error";
      line.textContent = `${message.error}\n`;
      output.append(line);
      finish("(stopped by the error above)");
    }
  });
  runner.postMessage(script);
});
stopButton.addEventListener("click", () => finish("(stopped)"));

// ---- offline: the service worker keeps the page's files once it has loaded
if ("serviceWorker" in navigator) void navigator.serviceWorker.register("sw.js");
