/** kafkajs's request queue class (CommonJS, not in its typings); `kafkajs-request-queue.ts` describes what it uses. */
declare module 'kafkajs/src/network/requestQueue/index.js' {
  const RequestQueue: { prototype: object };
  export default RequestQueue;
}
