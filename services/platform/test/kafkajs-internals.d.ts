/** kafkajs's consumer group class and its errors (CommonJS, not in its typings), for fault injection in the tests. */
declare module 'kafkajs/src/consumer/consumerGroup.js' {
  const ConsumerGroup: { prototype: object };
  export default ConsumerGroup;
}
declare module 'kafkajs/src/errors.js' {
  const errors: Record<string, unknown>;
  export default errors;
}
