/**
 * The entry tsserver loads (`"plugins": [{ "name": "shapecast-cli/plugin" }]`):
 * a plugin factory called with the editor's TypeScript. The package's build
 * bundles it with what it imports into plugin/index.js, CommonJS, as tsserver
 * requires plugins.
 */
import type ts from "typescript";
import { createPlugin } from "./index.js";

export default function init(modules: { typescript: typeof ts }): ts.server.PluginModule {
  return createPlugin(modules.typescript);
}
