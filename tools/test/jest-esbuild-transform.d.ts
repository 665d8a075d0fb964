/** The types of `jest-esbuild-transform.js`, jest's transform, for `bench/jest-transform.ts`. */
declare const transformer: {
  getCacheKey(source: string, path: string, options: { configString: string; supportsStaticESM?: boolean }): string;
  process(source: string, path: string, options: { supportsStaticESM?: boolean }): { code: string; map: string };
};
export default transformer;
