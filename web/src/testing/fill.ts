import userEvent from '@testing-library/user-event';

/**
 * Replaces a field's text as one paste (a single input event) instead of a keystroke per character, which costs
 * seconds on a busy machine. For fields whose keystrokes are not what the test checks (a mask typed key by key,
 * or a shortcut, stays with `user.type`).
 */
export async function fill(field: HTMLElement, text: string): Promise<void> {
  await userEvent.clear(field);
  await userEvent.paste(text);
}
