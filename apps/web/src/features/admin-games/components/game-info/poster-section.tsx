import type { GameInfoModel } from '@flagpole/contract';
import { AspectRatio, Button, Center, FileButton, Image, Text } from '@mantine/core';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { IMAGE_ACCEPT, imageFileProblem } from '@/lib/image-file';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useUploadPoster } from '../../api/upload-poster';

export function PosterSection({ game }: { game: GameInfoModel }) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useMutation(useUploadPoster());

  const upload = async (file: File | null) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem === 'type') return showError(t('adminGames.poster.wrongType'));
    if (problem === 'size') return showError(t('adminGames.poster.tooLarge'));
    try {
      await trigger(game.id, file);
      showSuccess(t('adminGames.poster.done'));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <SectionCard compact title={t('adminGames.poster.title')}>
      <AspectRatio ratio={16 / 9}>
        {game.poster ? (
          <Image src={game.poster} radius="sm" alt={t('adminGames.poster.alt', { title: game.title })} fit="cover" />
        ) : (
          <Center bg="var(--mantine-color-default-hover)" style={{ borderRadius: 4 }}>
            <IconPhoto size={40} stroke={1.3} opacity={0.5} />
          </Center>
        )}
      </AspectRatio>
      <FileButton onChange={(file) => void upload(file)} accept={IMAGE_ACCEPT}>
        {(props) => (
          <Button {...props} variant="default" leftSection={<IconUpload size={16} />} loading={isMutating} fullWidth>
            {t('adminGames.poster.upload')}
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        {t('adminGames.poster.hint')}
      </Text>
    </SectionCard>
  );
}
