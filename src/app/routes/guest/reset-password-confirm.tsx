import { useTranslation } from 'react-i18next';
import { RouteError } from '@src/components/route-error/route-error';
import { AuthLayout } from '@src/features/auth/components/auth-layout';
import { ResetConfirmForm } from '@src/features/auth/components/reset-confirm-form';

export function Component() {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('resetConfirm.title')} subtitle={t('resetConfirm.subtitle')}>
      <ResetConfirmForm />
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
