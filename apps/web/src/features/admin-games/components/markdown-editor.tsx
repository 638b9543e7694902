import { Input, Paper, Tabs, Text, Textarea } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '@/components/markdown';
import { monoInput } from '@/lib/mono-input';

interface MarkdownEditorProps {
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  maxLength?: number;
  minRows?: number;
}

/** A Markdown textarea with a rendered (sanitised) preview tab. */
export function MarkdownEditor({
  label,
  description,
  value,
  onChange,
  error,
  maxLength,
  minRows = 8,
}: MarkdownEditorProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('write');
  const id = useId();

  return (
    <Input.Wrapper label={label} description={description} error={error} labelElement="div" id={id}>
      <Tabs value={tab} onChange={setTab} variant="outline" mt={4}>
        <Tabs.List>
          <Tabs.Tab value="write">{t('adminGames.markdown.write')}</Tabs.Tab>
          <Tabs.Tab value="preview">{t('adminGames.markdown.preview')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="write" pt="xs">
          <Textarea
            aria-label={label}
            value={value}
            onChange={(event) => onChange(event.currentTarget.value)}
            autosize
            minRows={minRows}
            maxRows={30}
            maxLength={maxLength}
            styles={monoInput}
            error={Boolean(error)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="xs">
          <Paper withBorder p="md" mih={120}>
            {value.trim() ? <Markdown source={value} /> : <Text c="dimmed">{t('adminGames.markdown.empty')}</Text>}
          </Paper>
        </Tabs.Panel>
      </Tabs>
    </Input.Wrapper>
  );
}
