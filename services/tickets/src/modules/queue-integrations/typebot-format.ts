/** Typebot's chat API output, as much of it as a WhatsApp conversation can show. */
export interface TypebotMessage {
  readonly type: string;
  readonly content?: {
    readonly type?: string;
    readonly markdown?: string;
    readonly richText?: readonly RichNode[];
    readonly url?: string;
  };
}

export interface TypebotInput {
  readonly type: string;
  readonly items?: ReadonlyArray<{ readonly content?: string }>;
}

interface RichNode {
  readonly type?: string;
  readonly text?: string;
  readonly bold?: boolean;
  readonly italic?: boolean;
  readonly underline?: boolean;
  readonly url?: string;
  readonly children?: readonly RichNode[];
}

/** Rich text flattened to WhatsApp markup: *bold*, _italic_, ~underline~, links as `text (url)`. */
export function richTextToWhatsapp(nodes: readonly RichNode[]): string {
  const inline = (node: RichNode): string => {
    if (node.text !== undefined) {
      let text = node.text;
      if (text.trim()) {
        if (node.bold) text = `*${text}*`;
        if (node.italic) text = `_${text}_`;
        if (node.underline) text = `~${text}~`;
      }
      return text;
    }
    const inner = (node.children ?? []).map(inline).join('');
    return node.type === 'a' && node.url ? `${inner} (${node.url})` : inner;
  };
  return nodes.map(inline).join('\n');
}

/** Typebot's markdown to WhatsApp markup (`**bold**` → `*bold*`, `[text](url)` → `text (url)`). */
export function markdownToWhatsapp(markdown: string): string {
  return markdown
    .replace(/\*\*(.+?)\*\*/g, '*$1*')
    .replace(/\[([^\]]+)\]\((https?:[^)]+)\)/g, '$1 ($2)')
    .replace(/\\([*_~`])/g, '$1');
}

export function textOf(message: TypebotMessage): string {
  const content = message.content ?? {};
  if (typeof content.markdown === 'string') return markdownToWhatsapp(content.markdown);
  if (content.richText) return richTextToWhatsapp(content.richText);
  return '';
}

/** A choice input as the lines the customer answers with. */
export function choicesOf(input: TypebotInput | undefined | null): string | null {
  if (!input || input.type !== 'choice input' || !input.items?.length) return null;
  return input.items.map((item) => `▶️ ${item.content ?? ''}`).join('\n');
}
