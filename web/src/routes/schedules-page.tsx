import { SchedulesPage } from '../features/schedules/components/schedules-page';

export default function SchedulesRoute() {
  return <SchedulesPage />;
}
