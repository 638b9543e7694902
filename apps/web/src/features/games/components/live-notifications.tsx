import type { GameNotice } from '@flagpole/contract';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { renderMarkdown } from '@/lib/markdown';
import { noticeText, noticeTitleKey } from '../lib/notice-format';
import { NOTICE_ICONS } from './notice-feed';

/** Shows a toast for a notice pushed while the page is open. */
export function useNoticeToast(): (notice: GameNotice) => void {
  const { t } = useTranslation();
  return useCallback(
    (notice: GameNotice) => {
      const text = noticeText(notice, (key, values) => t(key, values));
      const plain =
        notice.type === 'Normal'
          ? new DOMParser().parseFromString(renderMarkdown(text, true), 'text/html').body.textContent
          : text;
      notifications.show({
        title: t(noticeTitleKey(notice.type)),
        message: plain ?? text,
        icon: NOTICE_ICONS[notice.type].icon,
        color: NOTICE_ICONS[notice.type].color,
        autoClose: notice.type === 'Normal' ? 10_000 : 5000,
      });
    },
    [t],
  );
}
