import { AdminOnly } from '../app/route-guards';
import { FilesPage } from '../features/files/components/files-page';

export default function FilesPageRoute() {
  return (
    <AdminOnly>
      <FilesPage />
    </AdminOnly>
  );
}
