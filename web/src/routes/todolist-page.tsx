import { TodoListPage } from '../features/todolist/todolist-page';

export default function TodoListRoute() {
  return <TodoListPage />;
}
