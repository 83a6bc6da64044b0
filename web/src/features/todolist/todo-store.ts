/** A to-do item (spec §3: local only). */
export interface TodoItem {
  id: string;
  text: string;
  createdAt: string;
  updatedAt: string;
  completed: boolean;
}

/** Each user's list lives in this browser only, under its own key. */
export const todoStorageKey = (userId: number): string => `todolist-${userId}`;

export function loadTodos(userId: number): TodoItem[] {
  try {
    const raw = window.localStorage.getItem(todoStorageKey(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as TodoItem[]) : [];
  } catch {
    return [];
  }
}

export function saveTodos(userId: number, items: readonly TodoItem[]): void {
  try {
    window.localStorage.setItem(todoStorageKey(userId), JSON.stringify(items));
  } catch {
    // storage full or disabled: the list lasts only for this page
  }
}

const newId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** A new item at the top of the list; blank text is ignored (spec §5). */
export function addTodo(items: readonly TodoItem[], text: string, now = new Date()): TodoItem[] {
  const trimmed = text.trim();
  if (!trimmed) return [...items];
  const at = now.toISOString();
  return [{ id: newId(), text: trimmed, createdAt: at, updatedAt: at, completed: false }, ...items];
}

export function editTodo(items: readonly TodoItem[], id: string, text: string, now = new Date()): TodoItem[] {
  const trimmed = text.trim();
  if (!trimmed) return [...items];
  return items.map((item) =>
    item.id === id && item.text !== trimmed ? { ...item, text: trimmed, updatedAt: now.toISOString() } : item,
  );
}

export function toggleTodo(items: readonly TodoItem[], id: string, now = new Date()): TodoItem[] {
  return items.map((item) =>
    item.id === id ? { ...item, completed: !item.completed, updatedAt: now.toISOString() } : item,
  );
}

export const removeTodo = (items: readonly TodoItem[], id: string): TodoItem[] =>
  items.filter((item) => item.id !== id);

/** The most recent change of the list (null when empty). */
export const lastEdit = (items: readonly TodoItem[]): string | null =>
  items.reduce<string | null>(
    (latest, item) => (latest === null || item.updatedAt > latest ? item.updatedAt : latest),
    null,
  );
