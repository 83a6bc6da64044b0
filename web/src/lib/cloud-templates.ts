/**
 * The first values of a Cloud API template's variables: the body's first one is the contact's name in the caller's
 * variables (`{{firstName}}` in the chat, `{nome}` in campaigns: templates almost always greet the customer with it);
 * the others start empty to be filled (variables allowed).
 */
export function prefilledValues(
  counts: { readonly header: number; readonly body: number },
  greeting = '{{firstName}}',
): {
  header: string[];
  body: string[];
} {
  return {
    header: Array.from({ length: counts.header }, () => ''),
    body: Array.from({ length: counts.body }, (_, index) => (index === 0 ? greeting : '')),
  };
}
