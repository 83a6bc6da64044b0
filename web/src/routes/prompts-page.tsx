import { PromptsPage } from '../features/prompts/components/prompts-page';

export default function PromptsRoute() {
  return <PromptsPage />;
}
