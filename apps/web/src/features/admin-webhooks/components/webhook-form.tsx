import {
  LANGUAGE_NAMES,
  type Language,
  SUPPORTED_LANGUAGES,
  type WebhookEditModel,
  WebhookEventType,
  type WebhookFormat,
  type WebhookModel,
  webhookLimits,
} from '@flagpole/contract';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useAdminConfig } from '@/features/admin-site/api/config';
import { showError } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useGameChoices } from '../api/webhooks';

/** The translation key of each event type's name. */
export const EVENT_NAME_KEYS = {
  solve: 'adminWebhooks.eventNames.solve',
  'blood.first': 'adminWebhooks.eventNames.bloodFirst',
  'blood.second': 'adminWebhooks.eventNames.bloodSecond',
  'blood.third': 'adminWebhooks.eventNames.bloodThird',
  'notice.published': 'adminWebhooks.eventNames.noticePublished',
  'challenge.released': 'adminWebhooks.eventNames.challengeReleased',
  'game.started': 'adminWebhooks.eventNames.gameStarted',
  'game.ended': 'adminWebhooks.eventNames.gameEnded',
  'participation.review': 'adminWebhooks.eventNames.participationReview',
  'instance.failed': 'adminWebhooks.eventNames.instanceFailed',
  'cheat.detected': 'adminWebhooks.eventNames.cheatDetected',
  'healthcheck.failed': 'adminWebhooks.eventNames.healthCheckFailed',
} as const satisfies Record<WebhookEventType, string>;

interface FormValues {
  url: string;
  format: WebhookFormat;
  events: string[];
  gameId: string | null;
  /** `PLATFORM`: no language of its own, the platform's default. */
  language: Language | typeof PLATFORM;
  enabled: boolean;
}

const PLATFORM = 'platform';

/** The language choices: the platform's default first (named with the language it is now), then every language. */
function useLanguageChoices(): { value: string; label: string }[] {
  const { t } = useTranslation();
  const platformLanguage = useAdminConfig().config?.globalConfig.defaultLanguage;
  const platform = t('adminWebhooks.languagePlatform', {
    language: platformLanguage ? LANGUAGE_NAMES[platformLanguage] : '…',
  });
  return [
    { value: PLATFORM, label: platform },
    ...SUPPORTED_LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] })),
  ];
}

/** Creates or edits a webhook: URL, format, the events it wants, a game filter, the language of chat messages. */
export function WebhookFormModal({
  opened,
  webhook,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  /** The webhook edited; null: a new one. */
  webhook: WebhookModel | null;
  onClose: () => void;
  onSubmit: (model: WebhookEditModel) => Promise<void>;
}) {
  const { t } = useTranslation();
  const games = useGameChoices();
  const languages = useLanguageChoices();
  const { trigger, isMutating } = useMutation(onSubmit);
  const form = useForm<FormValues>({
    initialValues: {
      url: webhook?.url ?? '',
      format: webhook?.format ?? 'discord',
      events: webhook?.events ?? ['blood.first', 'blood.second', 'blood.third', 'notice.published'],
      gameId: webhook?.gameId ? String(webhook.gameId) : null,
      language: webhook?.language ?? PLATFORM,
      enabled: webhook?.enabled ?? true,
    },
    validate: {
      url: (value) => (/^https?:\/\/\S+$/.test(value.trim()) ? null : t('adminWebhooks.urlInvalid')),
      events: (value) => (value.length > 0 ? null : t('adminWebhooks.eventsRequired')),
    },
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await trigger({
        url: values.url.trim(),
        format: values.format,
        events: values.events as WebhookEditModel['events'],
        gameId: values.gameId ? Number(values.gameId) : null,
        language: values.language === PLATFORM ? null : values.language,
        enabled: values.enabled,
      });
      onClose();
    } catch (error) {
      showError(error);
    }
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={webhook ? t('adminWebhooks.editTitle') : t('adminWebhooks.createTitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('adminWebhooks.url')}
            description={t('adminWebhooks.urlHelp')}
            placeholder="https://discord.com/api/webhooks/…"
            required
            maxLength={webhookLimits.url.max}
            data-autofocus
            {...form.getInputProps('url')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('adminWebhooks.format')}
            </Text>
            <SegmentedControl
              fullWidth
              data={(['discord', 'slack', 'generic'] as const).map((value) => ({
                value,
                label: t(`adminWebhooks.formats.${value}`),
              }))}
              {...form.getInputProps('format')}
            />
            <Text size="xs" c="dimmed">
              {t(`adminWebhooks.formatHelp.${form.values.format}`)}
            </Text>
          </Stack>
          <Checkbox.Group label={t('adminWebhooks.events')} required {...form.getInputProps('events')}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
              {WebhookEventType.options.map((type) => (
                <Checkbox key={type} value={type} label={t(EVENT_NAME_KEYS[type])} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Select
              label={t('adminWebhooks.game')}
              placeholder={t('adminWebhooks.allGames')}
              clearable
              searchable
              data={games.map((game) => ({ value: String(game.id), label: game.title }))}
              {...form.getInputProps('gameId')}
            />
            <Select
              label={t('adminWebhooks.language')}
              description={form.values.format === 'generic' ? t('adminWebhooks.languageGeneric') : undefined}
              allowDeselect={false}
              data={languages}
              {...form.getInputProps('language')}
            />
          </SimpleGrid>
          <Switch label={t('adminWebhooks.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isMutating}>
              {webhook ? t('common.save') : t('adminWebhooks.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
