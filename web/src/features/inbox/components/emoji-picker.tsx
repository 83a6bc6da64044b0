import { Box, Center, Spinner } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';

/** What emoji-mart hands `onEmojiSelect` (the fields used here). */
interface PickedEmoji {
  native: string;
}

/** emoji-mart's translations for the client's languages (English is built in); bundled, never fetched. */
const TRANSLATIONS: Record<string, () => Promise<{ default: unknown }>> = {
  pt: () => import('@emoji-mart/data/i18n/pt.json'),
  es: () => import('@emoji-mart/data/i18n/es.json'),
};

/**
 * emoji-mart's picker (search, categories, recently used kept by emoji-mart in localStorage) as its vanilla web
 * component, mounted into a ref. The library and its data (about 110 KB gzip) are loaded when the picker first
 * opens, never with the first page, and the data comes from the bundle (no CDN).
 */
export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const { i18n } = useTranslation();
  const dark = useAppSelector((s) => s.ui.colorMode) === 'dark';
  const host = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const [ready, setReady] = useState(false);
  const language = i18n.language.slice(0, 2);

  useEffect(() => {
    let cancelled = false;
    let picker: HTMLElement | undefined;
    void Promise.all([import('emoji-mart'), import('@emoji-mart/data')]).then(([{ Picker }, data]) => {
      if (cancelled || !host.current) return;
      const translations = TRANSLATIONS[language];
      picker = new Picker({
        data: data.default,
        i18n: translations ? async () => (await translations()).default : undefined,
        locale: translations ? language : 'en',
        theme: dark ? 'dark' : 'light',
        previewPosition: 'none',
        skinTonePosition: 'search',
        maxFrequentRows: 2,
        autoFocus: true,
        onEmojiSelect: (emoji: PickedEmoji) => pick.current(emoji.native),
      }) as unknown as HTMLElement;
      host.current.replaceChildren(picker);
      setReady(true);
    });
    return () => {
      cancelled = true;
      picker?.remove();
    };
  }, [dark, language]);

  return (
    <Box data-testid="emoji-picker">
      {!ready && (
        <Center w="80" h="96">
          <Spinner color="brand.500" />
        </Center>
      )}
      {/* emoji-mart owns this node's children */}
      <div ref={host} />
    </Box>
  );
}
