// The one SWC configuration shared by the TypeScript loader (child processes, `make dev`, code generation)
// and Jest's transform, so every way of running our TypeScript compiles it the same way as `tsc`.
export const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};
