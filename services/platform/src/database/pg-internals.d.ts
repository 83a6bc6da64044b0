/** node-postgres's value serializer (CommonJS, not in its typings): how it turns a query's values into text parameters. */
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): string | Buffer | null };
  export default utils;
}
