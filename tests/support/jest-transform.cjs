// Next's SWC transformer for Jest (next/jest), made to emit ES modules whenever Jest loads a file as
// one. It decides by file name alone (`extensionsToTreatAsEsm`, which cannot list .mjs), so it
// compiles an .mjs file or an ESM-only package to CommonJS. Node 20 has no require(esm), and Jest
// there loads such a file as CommonJS anyway; from Node 22.12/24 Jest loads it as the ES module it
// is (options.supportsStaticESM), and CommonJS output fails with "exports is not defined".
/* eslint-disable @typescript-eslint/no-require-imports -- a Jest transformer is a CommonJS module */
const { extname } = require('node:path');
const { createTransformer: createNextTransformer } = require('next/dist/build/swc/jest-transformer.js');

function createTransformer(inputOptions) {
  const next = createNextTransformer(inputOptions);
  return {
    ...next,
    process(src, filename, options) {
      if (!options.supportsStaticESM) return next.process(src, filename, options);
      const config = 'config' in options ? options.config : options;
      const asEsm = {
        ...config,
        extensionsToTreatAsEsm: [...(config.extensionsToTreatAsEsm ?? []), extname(filename)],
      };
      return next.process(src, filename, 'config' in options ? { ...options, config: asEsm } : asEsm);
    },
  };
}

module.exports = { createTransformer };
