import type { QuickMessage } from '../../../api/types';
import { truncate } from '../../../lib/format';

/** Quick-answer suggestion labels are cut at this many characters. */
export const QUICK_ANSWER_LABEL_MAX = 35;

/** Suggestions need at least this many characters after `/` (spec §4: "/ followed by more than 1 character"). */
export const QUICK_ANSWER_MIN_QUERY = 2;

/** The text after `/` filters the quick answers once it has 2 characters or more; a space closes the list. */
export function quickAnswerQuery(input: string): string | null {
  if (!input.startsWith('/')) return null;
  const query = input.slice(1);
  if (query.length < QUICK_ANSWER_MIN_QUERY || /\s/.test(query)) return null;
  return query.toLowerCase();
}

export interface QuickAnswerSuggestion {
  id: number;
  label: string;
  value: string;
}

export function quickAnswerSuggestions(input: string, quickMessages: QuickMessage[]): QuickAnswerSuggestion[] {
  const query = quickAnswerQuery(input);
  if (query === null) return [];
  return quickMessages
    .filter((m) => m.shortcode.toLowerCase().includes(query))
    .map((m) => ({
      id: m.id,
      label: truncate(`${m.shortcode} - ${m.message}`, QUICK_ANSWER_LABEL_MAX),
      value: m.message,
    }));
}
