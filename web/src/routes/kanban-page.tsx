import { KanbanPage } from '../features/kanban/components/kanban-page';

export default function KanbanRoute() {
  return <KanbanPage />;
}
