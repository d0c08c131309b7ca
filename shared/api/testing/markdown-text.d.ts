/** Markdown files imported as text (`?raw`, resolved by Vite/Vitest) by the specification tests. */
declare module '*.md?raw' {
  const text: string;
  export default text;
}
