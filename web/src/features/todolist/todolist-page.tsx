import { Box, Button, Checkbox, Flex, HStack, IconButton, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { DeleteIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { formatDateTime } from '../../lib/format';
import { addTodo, editTodo, lastEdit, loadTodos, removeTodo, saveTodos, toggleTodo, type TodoItem } from './todo-store';

function TodoRow({
  item,
  onEdit,
  onToggle,
  onDelete,
}: {
  item: TodoItem;
  onEdit: (text: string) => void;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(item.text);
  useEffect(() => setText(item.text), [item.text]);
  const commit = () => {
    if (text.trim()) onEdit(text);
    else setText(item.text);
  };
  return (
    <HStack p="2" borderWidth="1px" borderRadius="md" bg="bg.panel" data-testid="todo-item">
      <Checkbox.Root checked={item.completed} onCheckedChange={onToggle}>
        <Checkbox.HiddenInput aria-label={item.completed ? t('todo.reopen') : t('todo.complete')} />
        <Checkbox.Control />
      </Checkbox.Root>
      <Input
        variant="flushed"
        size="sm"
        aria-label={t('todo.editLabel')}
        value={text}
        textDecoration={item.completed ? 'line-through' : undefined}
        color={item.completed ? 'fg.muted' : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
          if (e.key === 'Escape') setText(item.text);
        }}
      />
      <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap" hideBelow="sm">
        {formatDateTime(item.updatedAt)}
      </Text>
      <IconButton aria-label={t('common.delete')} size="sm" variant="ghost" onClick={onDelete}>
        <DeleteIcon />
      </IconButton>
    </HStack>
  );
}

/** `/todolist`: the user's own tasks, kept in this browser only (spec §2, §3). */
export function TodoListPage() {
  const { t } = useTranslation();
  const userId = useAppSelector((s) => s.session.user?.id ?? 0);
  const [items, setItems] = useState<TodoItem[]>(() => loadTodos(userId));
  const [draft, setDraft] = useState('');
  const [pendingOnly, setPendingOnly] = useState(false);
  useEffect(() => setItems(loadTodos(userId)), [userId]);

  const update = (next: TodoItem[]) => {
    setItems(next);
    saveTodos(userId, next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) return;
    update(addTodo(items, draft));
    setDraft('');
  };
  const pending = items.filter((item) => !item.completed).length;
  const edited = lastEdit(items);
  const shown = pendingOnly ? items.filter((item) => !item.completed) : items;

  return (
    <Page title={t('todo.title')} testId="todolist-page">
      <Stack gap="3" maxW="3xl" w="full" minH="0" flex="1">
        <form onSubmit={submit}>
          <HStack>
            <Input
              placeholder={t('todo.placeholder')}
              aria-label={t('todo.placeholder')}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
            />
            <Button type="submit" colorPalette="teal">
              {t('todo.add')}
            </Button>
          </HStack>
        </form>
        <Flex wrap="wrap" gap="3" align="center" justify="space-between">
          <Switch.Root checked={pendingOnly} onCheckedChange={(e) => setPendingOnly(e.checked)}>
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{t('todo.pendingOnly')}</Switch.Label>
          </Switch.Root>
          <HStack gap="4" fontSize="sm" color="fg.muted">
            <Text data-testid="todo-pending">{t('todo.pending', { count: pending })}</Text>
            {edited && <Text data-testid="todo-last-edit">{t('todo.lastEdit', { time: formatDateTime(edited) })}</Text>}
          </HStack>
        </Flex>
        <Box flex="1" minH="0" overflowY="auto">
          <Stack gap="2">
            {shown.length === 0 && <Text color="fg.muted">{t('todo.empty')}</Text>}
            {shown.map((item) => (
              <TodoRow
                key={item.id}
                item={item}
                onEdit={(text) => update(editTodo(items, item.id, text))}
                onToggle={() => update(toggleTodo(items, item.id))}
                onDelete={() => update(removeTodo(items, item.id))}
              />
            ))}
          </Stack>
        </Box>
      </Stack>
    </Page>
  );
}
