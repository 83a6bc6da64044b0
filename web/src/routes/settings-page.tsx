import { SettingsPage } from '../features/settings/components/settings-page';

export default function SettingsRoute() {
  return <SettingsPage />;
}
