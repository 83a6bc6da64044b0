/** kafkajs's request queue class (CommonJS, not in its typings); `kafkajs-request-queue.ts` describes what it uses. */
declare module 'kafkajs/src/network/requestQueue/index.js' {
  const RequestQueue: { prototype: object };
  export default RequestQueue;
}

/** kafkajs's consumer runner (CommonJS, not in its typings); `kafkajs-offset-commits.ts` describes what it uses. */
declare module 'kafkajs/src/consumer/runner.js' {
  const Runner: { prototype: object };
  export default Runner;
}

/** kafkajs's error helpers (CommonJS, not in its typings). */
declare module 'kafkajs/src/errors.js' {
  const errors: { isRebalancing(error: unknown): boolean };
  export default errors;
}
