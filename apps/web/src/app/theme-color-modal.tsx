import { isHexColor } from '@flagpole/contract';
import { Button, ColorInput, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ThemeContrastNote } from '@/components/theme-contrast-note';
import { showError, showSuccess } from '@/lib/notify';
import { BRAND_BASE } from '@/lib/theme/create-theme';
import { checkSchemeColor } from '@/lib/theme/theme-color-check';
import type { ThemeProvider } from '@/lib/theme/theme-setting';
import { useThemeSetting } from './theme-setting-context';

export function ThemeColorModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { setting, save } = useThemeSetting();
  const [provider, setProvider] = useState<ThemeProvider>(setting.provider);
  const [color, setColor] = useState(setting.color || BRAND_BASE);

  useEffect(() => {
    if (!opened) return;
    setProvider(setting.provider);
    setColor(setting.color || BRAND_BASE);
  }, [opened, setting]);

  const submit = () => {
    // A colour too pale or too dark for one scheme is saved as its readable neighbour (the field said which).
    const saved = isHexColor(color) ? checkSchemeColor(color).adjusted : color;
    if (!save({ provider, color: saved })) {
      showError(t('theme.invalidColor'));
      return;
    }
    showSuccess(t('theme.saved'));
    onClose();
  };

  const description = {
    Managed: t('theme.managedDescription'),
    Default: t('theme.defaultDescription'),
    Custom: t('theme.customDescription'),
  }[provider];

  return (
    <Modal opened={opened} onClose={onClose} title={t('theme.title')}>
      <Stack>
        <SegmentedControl
          fullWidth
          value={provider}
          onChange={(value) => setProvider(value as ThemeProvider)}
          data={[
            { value: 'Managed', label: t('theme.managed') },
            { value: 'Default', label: t('theme.default') },
            { value: 'Custom', label: t('theme.custom') },
          ]}
        />
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {provider === 'Custom' && (
          <ColorInput
            label={t('theme.colorLabel')}
            value={color}
            onChange={setColor}
            format="hex"
            description={<ThemeContrastNote color={color} />}
            error={isHexColor(color) ? undefined : t('theme.invalidColor')}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit}>{t('common.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
