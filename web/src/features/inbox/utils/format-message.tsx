import { Fragment, type ReactNode } from 'react';

/**
 * Message text is untrusted. It is turned into React nodes (never into HTML): `*bold*`, `~strike~` and
 * http(s) links (new tab, `rel="noopener noreferrer"`) are the only markup; everything else stays text.
 */
const URL_PATTERN = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]}]/;
const BOLD_PATTERN = /\*([^*\n]+)\*/;
const STRIKE_PATTERN = /~([^~\n]+)~/;

type Token = { kind: 'url' | 'bold' | 'strike'; index: number; match: RegExpExecArray };

function nextToken(text: string): Token | null {
  const candidates: Token[] = [];
  const url = URL_PATTERN.exec(text);
  if (url) candidates.push({ kind: 'url', index: url.index, match: url });
  const bold = BOLD_PATTERN.exec(text);
  if (bold) candidates.push({ kind: 'bold', index: bold.index, match: bold });
  const strike = STRIKE_PATTERN.exec(text);
  if (strike) candidates.push({ kind: 'strike', index: strike.index, match: strike });
  candidates.sort((a, b) => a.index - b.index || (a.kind === 'url' ? -1 : 1));
  return candidates[0] ?? null;
}

/** Whether a link target is one we allow (http or https only). */
export function isSafeHref(href: string): boolean {
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function parse(text: string, keyPrefix: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let rest = text;
  let n = 0;
  while (rest.length > 0) {
    const token = nextToken(rest);
    if (!token) {
      nodes.push(rest);
      break;
    }
    if (token.index > 0) nodes.push(rest.slice(0, token.index));
    const [whole, inner = ''] = token.match;
    const key = `${keyPrefix}-${n++}`;
    if (token.kind === 'url') {
      nodes.push(
        isSafeHref(whole) ? (
          <a key={key} href={whole} target="_blank" rel="noopener noreferrer">
            {whole}
          </a>
        ) : (
          whole
        ),
      );
    } else if (token.kind === 'bold') {
      nodes.push(<strong key={key}>{parse(inner, key)}</strong>);
    } else {
      nodes.push(<del key={key}>{parse(inner, key)}</del>);
    }
    rest = rest.slice(token.index + whole.length);
  }
  return nodes;
}

export function formatMessageText(text: string): ReactNode {
  return <Fragment>{parse(text, 'm')}</Fragment>;
}
