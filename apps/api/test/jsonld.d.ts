// jsonld ships no typings; only what the tests call (credentials.contexts.test.ts).
declare module "jsonld" {
  type Loader = (url: string) => Promise<{ contextUrl: null; documentUrl: string; document: unknown }>;
  const jsonld: {
    expand(input: unknown, options: { documentLoader: Loader; safe?: boolean }): Promise<unknown[]>;
  };
  export default jsonld;
}
