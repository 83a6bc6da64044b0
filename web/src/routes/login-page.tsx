import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../features/auth/components/login-form';

export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('login.title')}>
      <LoginForm />
    </AuthCard>
  );
}
