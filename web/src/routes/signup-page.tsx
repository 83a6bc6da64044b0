import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/auth-card';
import { SignupForm } from '../features/auth/components/signup-form';

export default function SignupPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('signup.title')}>
      <SignupForm />
    </AuthCard>
  );
}
