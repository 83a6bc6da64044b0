import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { admin, agent } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { todoStorageKey } from './todo-store';
import { TodoListPage } from './todolist-page';

describe('the to-do list', () => {
  beforeEach(() => window.localStorage.clear());

  it('adds tasks (ignoring blank text), counts the pending ones and keeps them per user in this browser', async () => {
    const user = userEvent.setup();
    const { unmount } = renderApp(<TodoListPage />, { user: agent });
    const input = screen.getByLabelText('Nova tarefa');
    await user.type(input, '   {Enter}');
    expect(screen.queryAllByTestId('todo-item')).toHaveLength(0);
    await user.type(input, 'Ligar para o cliente{Enter}');
    await user.type(input, 'Revisar propostas');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(screen.getAllByTestId('todo-item')).toHaveLength(2);
    expect(screen.getByTestId('todo-pending').textContent).toBe('2 pendentes');
    expect(screen.getByTestId('todo-last-edit').textContent).toMatch(/^Última edição: /);
    const stored = JSON.parse(window.localStorage.getItem(todoStorageKey(agent.id)) ?? '[]') as Array<{
      text: string;
      completed: boolean;
    }>;
    expect(stored.map((item) => item.text)).toEqual(['Revisar propostas', 'Ligar para o cliente']);
    unmount();
    // another user of the same browser has their own list
    renderApp(<TodoListPage />, { user: admin });
    expect(screen.queryAllByTestId('todo-item')).toHaveLength(0);
  });

  it('edits inline, completes, filters pending only and deletes', async () => {
    const user = userEvent.setup();
    renderApp(<TodoListPage />, { user: agent });
    const input = screen.getByLabelText('Nova tarefa');
    await user.type(input, 'Primeira{Enter}');
    await user.type(input, 'Segunda{Enter}');
    const [second, first] = screen.getAllByTestId('todo-item') as [HTMLElement, HTMLElement];
    const editor = within(first).getByLabelText('Editar tarefa');
    await user.clear(editor);
    await user.type(editor, 'Primeira revisada{Enter}');
    await user.click(within(second).getByLabelText('Concluir'));
    expect(screen.getByTestId('todo-pending').textContent).toBe('1 pendentes');
    await user.click(screen.getByText('Somente pendentes'));
    const shown = screen.getAllByTestId('todo-item');
    expect(shown).toHaveLength(1);
    expect(within(shown[0] as HTMLElement).getByLabelText<HTMLInputElement>('Editar tarefa').value).toBe(
      'Primeira revisada',
    );
    await user.click(within(shown[0] as HTMLElement).getByRole('button', { name: 'Excluir' }));
    expect(screen.queryAllByTestId('todo-item')).toHaveLength(0);
    await user.click(screen.getByText('Somente pendentes'));
    expect(screen.getAllByTestId('todo-item')).toHaveLength(1);
    const stored = JSON.parse(window.localStorage.getItem(todoStorageKey(agent.id)) ?? '[]') as Array<{
      text: string;
      completed: boolean;
    }>;
    expect(stored).toEqual([expect.objectContaining({ text: 'Segunda', completed: true })]);
  });
});
