import type { AnswerResult } from '@flagpole/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ANSWER_COLORS } from '@/lib/status-colors';

export function AnswerBadge({ status }: { status: AnswerResult }) {
  const { t } = useTranslation();
  return (
    <Badge color={ANSWER_COLORS[status]} variant="light" size="sm" style={{ flexShrink: 0 }}>
      {t(`monitor.answer.${status}`)}
    </Badge>
  );
}
