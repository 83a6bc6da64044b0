import { TagsPage } from '../features/tags/components/tags-page';

export default function TagsRoute() {
  return <TagsPage />;
}
