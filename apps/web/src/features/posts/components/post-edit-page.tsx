import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';

export default function PostEditPage() {
  const { t } = useTranslation();
  return <ComingSoon page={t('pages.postEdit')} />;
}
