import type { PostInfoModel } from '@flagpole/contract';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPin, IconPinnedOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useSetPostPinned } from '../api/edit-post';

/** Admins pin a post to the top of the lists, or unpin it, without opening the editor. */
export function PinToggle({ post }: { post: PostInfoModel }) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useMutation(useSetPostPinned());
  const label = post.isPinned ? t('postEdit.unpin', { title: post.title }) : t('postEdit.pin', { title: post.title });
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={post.isPinned ? 'yellow' : 'gray'}
        aria-label={label}
        loading={isMutating}
        onClick={() => trigger(post.id, !post.isPinned).catch(showError)}
      >
        {post.isPinned ? <IconPinnedOff size={18} /> : <IconPin size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}
