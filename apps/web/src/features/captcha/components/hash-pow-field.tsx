import { Group, Loader, Text, TextInput } from '@mantine/core';
import { IconCircleCheck, IconCpu, IconExclamationCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PowState } from './use-hash-pow';

export function HashPowField({ state }: { state: PowState }) {
  const { t } = useTranslation();
  const icon =
    state.status === 'solved' ? (
      <IconCircleCheck size={18} color="var(--mantine-color-teal-5)" />
    ) : state.status === 'error' ? (
      <IconExclamationCircle size={18} color="var(--mantine-color-alert-5)" />
    ) : (
      <Loader size={14} type="dots" />
    );
  const value =
    state.status === 'solved'
      ? state.nonce
      : state.status === 'error'
        ? t('captcha.pow.failed')
        : t('captcha.pow.working');
  const description =
    state.status === 'solved'
      ? t('captcha.pow.solvedIn', {
          seconds: (state.elapsedMs / 1000).toFixed(1),
          rate: Math.round(state.hashes / Math.max(state.elapsedMs, 1)),
        })
      : state.status === 'solving' && state.hashes > 0
        ? t('captcha.pow.progress', { hashes: state.hashes.toLocaleString() })
        : t('captcha.pow.explanation');

  return (
    <TextInput
      label={
        <Group gap={6} component="span">
          <IconCpu size={14} />
          <Text span size="sm" fw={500}>
            {t('captcha.pow.label')}
          </Text>
        </Group>
      }
      aria-label={t('captcha.pow.label')}
      description={description}
      value={value}
      readOnly
      rightSection={icon}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
    />
  );
}
