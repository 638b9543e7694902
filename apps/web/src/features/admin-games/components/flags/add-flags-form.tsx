import { gameLimits } from '@flagpole/contract';
import { Badge, Button, Checkbox, Code, Group, Input, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { batchErrorsOf } from '@/lib/batch-errors';
import { monoInput } from '@/lib/mono-input';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useAddFlags } from '../../api/add-flags';
import { refusedLines } from '../../flag-lines';
import { FLAG_KIND_CHOICES, type FlagKindChoice, matchTypeOf } from '../../flag-match';
import { parseFlagLines } from '../../validation';
import { useFlagKindLabels } from './flag-kind-labels';

/**
 * Adds one or many flags of one match type, one per line (static challenges). The server adds all or none: a
 * refused list comes back with every refused flag, shown under the text by line number until it is corrected.
 */
export function AddFlagsForm({ gameId, challengeId }: { gameId: number; challengeId: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [kind, setKind] = useState<FlagKindChoice>('Exact');
  const [regexIgnoreCase, setRegexIgnoreCase] = useState(false);
  const { trigger, isMutating } = useMutation(useAddFlags());
  const { flags, tooLong } = parseFlagLines(text);
  /** Refused flags of the last attempt → why. */
  const [refused, setRefused] = useState<ReadonlyMap<string, string>>(new Map());
  const lines = refusedLines(text, refused);
  const labels = useFlagKindLabels();
  // Three choices side by side do not fit a phone's width in every language.
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;

  const add = async () => {
    if (flags.length === 0 || tooLong.length > 0) return;
    const matchType = matchTypeOf(kind, regexIgnoreCase);
    try {
      await trigger(
        gameId,
        challengeId,
        flags.map((flag) => ({ flag, attachmentType: 'None' as const, matchType })),
      );
      setText('');
      setRefused(new Map());
      showSuccess(t('adminGames.flags.added', { count: flags.length }));
    } catch (error) {
      const items = batchErrorsOf(error);
      setRefused(
        new Map(
          items.flatMap((item): Array<[string, string]> => {
            const flag = flags[item.index];
            return flag === undefined ? [] : [[flag, item.title]];
          }),
        ),
      );
      if (items.length === 0) showError(error, { title: t('adminGames.flags.notAdded'), retry: () => void add() });
    }
  };

  return (
    <SectionCard compact title={t('adminGames.flags.addTitle')}>
      <Input.Wrapper label={t('adminGames.flags.matchLabel')}>
        <Stack gap={6} mt={4}>
          <SegmentedControl
            fullWidth
            orientation={narrow ? 'vertical' : 'horizontal'}
            value={kind}
            onChange={(value) => setKind(value as FlagKindChoice)}
            data={FLAG_KIND_CHOICES.map((value) => ({ value, label: labels.choice[value] }))}
          />
          {kind === 'Regex' && (
            <>
              <Checkbox
                label={t('adminGames.flags.regexIgnoreCase')}
                checked={regexIgnoreCase}
                onChange={(event) => setRegexIgnoreCase(event.currentTarget.checked)}
              />
              <Text size="xs" c="dimmed">
                {t('adminGames.flags.regexHint')}
              </Text>
            </>
          )}
        </Stack>
      </Input.Wrapper>
      <Textarea
        label={kind === 'Regex' ? t('adminGames.flags.patternsTextarea') : t('adminGames.flags.textarea')}
        description={t('adminGames.flags.textareaHint', { count: gameLimits.flag.max })}
        placeholder={kind === 'Regex' ? 'flag\\{[0-9a-f]{32}\\}' : 'flag{first}\nflag{second}'}
        autosize
        minRows={3}
        maxRows={14}
        styles={monoInput}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={
          tooLong.length > 0
            ? t('adminGames.flags.tooLong', { count: tooLong.length, max: gameLimits.flag.max })
            : lines.length > 0
              ? t('adminGames.flags.refusedLines', { count: lines.length })
              : undefined
        }
      />
      {lines.length > 0 && (
        <Stack gap={6} component="ul" aria-label={t('adminGames.flags.refusedListLabel')} m={0} p={0}>
          {lines.map((line) => (
            <Group
              key={line.line}
              gap="xs"
              wrap="nowrap"
              align="flex-start"
              component="li"
              style={{ listStyle: 'none' }}
            >
              <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
                {t('adminGames.flags.lineLabel', { line: line.line })}
              </Badge>
              <Stack gap={2} miw={0}>
                <Code style={{ overflowWrap: 'anywhere' }}>{line.flag}</Code>
                <Text size="xs" c="red">
                  {line.reason}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {t('adminGames.flags.pending', { count: flags.length })}
        </Text>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => void add()}
          loading={isMutating}
          disabled={flags.length === 0 || tooLong.length > 0}
        >
          {t('adminGames.flags.add')}
        </Button>
      </Group>
    </SectionCard>
  );
}
