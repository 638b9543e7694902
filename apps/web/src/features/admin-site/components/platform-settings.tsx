import { adminLimits, type GlobalConfig, isHexColor, LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '@flagpole/contract';
import { generateColors } from '@mantine/colors-generator';
import {
  Button,
  ColorInput,
  ColorSwatch,
  FileButton,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconRestore, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/logo';
import { SectionCard } from '@/components/section-card';
import { ThemeContrastNote } from '@/components/theme-contrast-note';
import { MarkdownEditor } from '@/features/admin-games/components/markdown-editor';
import { useClientConfig } from '@/features/info/api/get-client-config';
import { IMAGE_ACCEPT, imageFileProblem } from '@/lib/image-file';
import { monoInput } from '@/lib/mono-input';
import { showError, showSuccess } from '@/lib/notify';
import { BRAND_BASE } from '@/lib/theme/create-theme';
import { useMutation } from '@/lib/use-mutation';
import { useResetLogo, useUploadLogo } from '../api/config';
import { platformFormValues, toGlobalConfig } from '../settings-form';
import { ConfigSectionForm } from './config-section-form';

/** The ten shades the theme derives from the colour, and a button in it, so the admin sees the result first. */
function ThemePreview({ color }: { color: string }) {
  const { t } = useTranslation();
  const base = isHexColor(color) ? color : BRAND_BASE;
  const shades = generateColors(base);
  return (
    <Paper withBorder p="sm" aria-label={t('adminSite.settings.themePreview')}>
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {t('adminSite.settings.themePreview')}
        </Text>
        <Group gap={4}>
          {shades.map((shade) => (
            <ColorSwatch key={shade} color={shade} size={22} radius="sm" />
          ))}
        </Group>
        <Group gap="xs">
          <Button size="xs" color={shades[6]} autoContrast>
            {t('adminSite.settings.sampleButton')}
          </Button>
          <Button size="xs" variant="light" color={shades[6]}>
            {t('adminSite.settings.sampleButton')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function LogoSettings() {
  const { t } = useTranslation();
  const { logoUrl } = useClientConfig();
  const upload = useMutation(useUploadLogo());
  const reset = useMutation(useResetLogo());

  const pick = async (file: File | null) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem === 'type') return showError(t('teams.avatar.wrongType'));
    if (problem === 'size') return showError(t('teams.avatar.tooLarge'));
    try {
      await upload.trigger(file);
      showSuccess(t('adminSite.settings.logoUploaded'));
    } catch (error) {
      showError(error);
    }
  };
  const restore = async () => {
    try {
      await reset.trigger();
      showSuccess(t('adminSite.settings.logoReset'));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Group wrap="nowrap" align="center">
      <Paper withBorder p="xs" radius="md">
        <Logo size={56} url={logoUrl} />
      </Paper>
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton onChange={(file) => void pick(file)} accept={IMAGE_ACCEPT}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="default"
                leftSection={<IconUpload size={14} />}
                loading={upload.isMutating}
              >
                {t('adminSite.settings.logoUpload')}
              </Button>
            )}
          </FileButton>
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            leftSection={<IconRestore size={14} />}
            onClick={() => void restore()}
            loading={reset.isMutating}
            disabled={!logoUrl}
          >
            {t('adminSite.settings.logoResetButton')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('adminSite.settings.logoHint')}
        </Text>
      </Stack>
    </Group>
  );
}

export function PlatformSettings({ config }: { config: GlobalConfig }) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: platformFormValues(config),
    validate: {
      title: (value) => (value.trim() ? null : t('adminSite.settings.required')),
      customTheme: (value, values) =>
        values.useCustomTheme && !isHexColor(value.trim()) ? t('theme.invalidColor') : null,
    },
  });

  return (
    <ConfigSectionForm form={form} toUpdate={(values) => ({ globalConfig: toGlobalConfig(values) })}>
      <SectionCard title={t('adminSite.settings.platformTitle')} description={t('adminSite.settings.platformHelp')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('adminSite.settings.title')}
            required
            maxLength={adminLimits.title.max}
            {...form.getInputProps('title')}
          />
          <TextInput
            label={t('adminSite.settings.slogan')}
            maxLength={adminLimits.slogan.max}
            {...form.getInputProps('slogan')}
          />
        </SimpleGrid>
        <Textarea
          label={t('adminSite.settings.description')}
          description={t('adminSite.settings.descriptionHelp')}
          autosize
          minRows={2}
          maxLength={adminLimits.description.max}
          {...form.getInputProps('description')}
        />
        <Textarea
          label={t('adminSite.settings.footer')}
          description={t('adminSite.settings.footerHelp')}
          autosize
          minRows={2}
          maxLength={adminLimits.footerInfo.max}
          styles={monoInput}
          {...form.getInputProps('footerInfo')}
        />
        <Select
          label={t('adminSite.settings.defaultLanguage')}
          description={t('adminSite.settings.defaultLanguageHelp')}
          allowDeselect={false}
          data={SUPPORTED_LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
          {...form.getInputProps('defaultLanguage')}
        />
      </SectionCard>
      <SectionCard title={t('adminSite.settings.aboutTitle')} description={t('adminSite.settings.aboutHelp')}>
        <MarkdownEditor
          label={t('adminSite.settings.aboutText')}
          value={form.values.aboutText}
          onChange={(value) => form.setFieldValue('aboutText', value)}
          maxLength={adminLimits.aboutText.max}
          minRows={6}
        />
      </SectionCard>
      <SectionCard title={t('adminSite.settings.brandTitle')} description={t('adminSite.settings.brandHelp')}>
        <LogoSettings />
        <Switch
          label={t('adminSite.settings.useCustomTheme')}
          {...form.getInputProps('useCustomTheme', { type: 'checkbox' })}
        />
        {form.values.useCustomTheme && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ColorInput
              label={t('adminSite.settings.themeColor')}
              format="hex"
              placeholder={BRAND_BASE}
              description={<ThemeContrastNote color={form.values.customTheme} />}
              {...form.getInputProps('customTheme')}
            />
            <ThemePreview color={form.values.customTheme} />
          </SimpleGrid>
        )}
      </SectionCard>
    </ConfigSectionForm>
  );
}
