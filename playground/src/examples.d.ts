/** The module the playground's build (playground/build.ts) makes of the example programs. */
declare module "playground:examples" {
  /** The example programs of playground/examples/, in the order of the page's list. */
  const examples: readonly { readonly name: string; readonly title: string; readonly text: string }[];
  export default examples;
}
