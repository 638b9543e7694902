import { LANGUAGE_NAMES, type Language, MACHINE_TRANSLATED_LANGUAGES, SUPPORTED_LANGUAGES } from '@flagpole/contract';
import { ActionIcon, Menu, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLanguage, i18n } from '@/lib/i18n';

async function selectLanguage(language: Language): Promise<void> {
  await chooseLanguage(language);
  if (!MACHINE_TRANSLATED_LANGUAGES.includes(language)) return;
  modals.openConfirmModal({
    title: i18n.t('language.machineTranslated.title'),
    children: <Text size="sm">{i18n.t('language.machineTranslated.body')}</Text>,
    labels: {
      confirm: i18n.t('language.machineTranslated.keep'),
      cancel: i18n.t('language.machineTranslated.useEnglish'),
    },
    closeOnClickOutside: false,
    withCloseButton: false,
    onCancel: () => void chooseLanguage('en-US'),
  });
}

export function LanguagePicker() {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <Tooltip label={t('language.label')}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('language.label')}>
            <IconLanguage size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {SUPPORTED_LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            onClick={() => void selectLanguage(language)}
            rightSection={language === active ? <IconCheck size={14} /> : null}
            fw={language === active ? 600 : undefined}
          >
            {LANGUAGE_NAMES[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
